"""The frozen executable's entry point (PyInstaller runs this file as ``__main__``)."""

import multiprocessing
import sys

from app.__main__ import main

if __name__ == "__main__":
    multiprocessing.freeze_support()  # torch/joblib may start helper processes: they must not re-run the app
    sys.exit(main())
