; Inno Setup 6 script: installs dist\hearth-dir\ (PyInstaller one-folder build) for the current user
; by default (no admin prompt), with Start-menu entry and optional desktop shortcut.
; Built by packaging\windows\build.ps1, which passes /DAppVersion=<version>.
; User data (%LOCALAPPDATA%\Hearth, memories and settings) is never removed by the uninstaller.
#ifndef AppVersion
  #define AppVersion "0.0.0"
#endif

[Setup]
AppId={{6C2F7E0A-3B1D-4E55-9A8C-1F4B7D2E9C31}
AppName=Hearth
AppVersion={#AppVersion}
AppPublisher=Hearth developers
DefaultDirName={autopf}\Hearth
DefaultGroupName=Hearth
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
OutputDir=..\..\dist
OutputBaseFilename=Hearth-{#AppVersion}-setup
SetupIconFile=..\..\build\hearth.ico
UninstallDisplayIcon={app}\hearth.exe
; Model weights don't compress much; solid LZMA2 over 1 GB would make setup slow to build and start.
Compression=lzma2/fast
SolidCompression=no
WizardStyle=modern

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "..\..\dist\hearth-dir\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\Hearth"; Filename: "{app}\hearth.exe"
Name: "{autodesktop}\Hearth"; Filename: "{app}\hearth.exe"; Tasks: desktopicon

[Run]
Filename: "{app}\hearth.exe"; Description: "{cm:LaunchProgram,Hearth}"; Flags: nowait postinstall skipifsilent
