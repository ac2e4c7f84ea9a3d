"""`hearth doctor` and `hearth gui`: the installation, and the desktop app."""

from __future__ import annotations

from app.cli.call import Call
from app.cli.output import print_json


def cmd_doctor(call: Call) -> int:
    from app.doctor import format_report, run_doctor

    report = run_doctor(call.options, fix=call.args.fix)
    if call.args.json:
        print_json(report, call.out)
    else:
        call.out.write(format_report(report) + "\n")
    return 0 if report["ok"] else 1


def cmd_gui(call: Call) -> int:
    from app.gui import run_gui  # Qt is imported only when the app is opened

    return run_gui(call.options, smoke=call.args.smoke, out=call.out, err=call.err)
