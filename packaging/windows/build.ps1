# Build Hearth for Windows: dist\hearth-dir\ (PyInstaller, one folder) and
# dist\Hearth-<version>-setup.exe (Inno Setup). Needs Python 3.11 (x64), Visual Studio Build Tools
# with "Desktop development with C++" (llama.cpp is compiled), CMake, and Inno Setup 6 (iscc.exe).
# Run from the repository root:  powershell -ExecutionPolicy Bypass -File packaging\windows\build.ps1
# Not run on Linux; see docs/packaging.md for what was verified where.
$ErrorActionPreference = "Stop"
Set-Location (Join-Path $PSScriptRoot "..\..")

if (-not (Test-Path .venv\Scripts\python.exe)) { py -3.11 -m venv .venv }
$py = ".venv\Scripts\python.exe"
& $py -m pip install --quiet --upgrade pip
& $py -m pip install --quiet torch==2.13.0   # PyPI's Windows torch wheels are the CPU build

# llama.cpp for every x86-64 CPU: one CPU backend DLL per instruction-set level, the best one is
# loaded at run time (app/core/llm/llama.py). MSVC builds all variants except the AMX ones.
$env:CMAKE_ARGS = "-DGGML_NATIVE=OFF -DGGML_BACKEND_DL=ON -DGGML_CPU_ALL_VARIANTS=ON"
& $py -m pip install --quiet --no-cache-dir "llama-cpp-python==0.3.36"
& $py -m pip install --quiet -e ".[package]"

$env:HF_HUB_OFFLINE = "1"; $env:TRANSFORMERS_OFFLINE = "1"; $env:PYTHONNOUSERSITE = "1"
$env:HEARTH_BUILD_MODE = "onedir"
& .venv\Scripts\pyinstaller.exe --noconfirm --log-level WARN --distpath dist --workpath build\pyinstaller packaging\hearth.spec
if ($LASTEXITCODE -ne 0) { throw "PyInstaller failed" }

# The frozen app must work before it is wrapped: doctor (models, llama.cpp, sqlite-vec, keyring).
& dist\hearth-dir\hearth.exe --home build\smoke-home --no-encryption doctor
if ($LASTEXITCODE -ne 0) { throw "the frozen app's doctor failed" }

# Setup's own icon (PyInstaller converted the PNG for hearth.exe itself; Pillow comes with the stack).
& $py -c "from PIL import Image; Image.open('resources/icons/hearth-256.png').save('build/hearth.ico', sizes=[(16,16),(32,32),(48,48),(256,256)])"
$version = & $py -c "import app; print(app.__version__)"
$iscc = (Get-Command iscc.exe -ErrorAction SilentlyContinue).Source
if (-not $iscc) { $iscc = "${env:ProgramFiles(x86)}\Inno Setup 6\ISCC.exe" }
& $iscc "/DAppVersion=$version" packaging\windows\hearth.iss
if ($LASTEXITCODE -ne 0) { throw "Inno Setup failed" }
Get-ChildItem dist\*.exe | Format-Table Name, Length
