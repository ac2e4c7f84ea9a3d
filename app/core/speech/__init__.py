"""Speech: Whisper speech-to-text (``stt``), read-aloud (``tts``) and the audio files between them.

Nothing here imports its engine at module level: faster-whisper and hibari load only when a
transcription or a synthesis is asked for, so the app starts as fast without them.
"""
