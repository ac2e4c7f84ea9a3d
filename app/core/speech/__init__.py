"""Speech: Whisper speech-to-text (``stt``), read-aloud (``tts``), the audio files between them, and
for the window: the microphone and speakers (``devices``), voice activity (``vad``), dictation's
listening (``dictation``) and a streamed reply cut into sentences (``read_aloud``).

Nothing here imports its engine or PortAudio at module level: faster-whisper, hibari and sounddevice
load only when a transcription, a synthesis or a device is asked for, so the app starts as fast without them.
"""
