"""The service's log lines are written off the request's path: a record is queued as it is and
a listener of the process's own writes it as one JSON object a line, in a forked worker too."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys


def test_lines_are_queued_and_written_as_json():
    code = (
        "import logging, os\n"
        "from service.api.observability import configure_logging\n"
        "configure_logging('INFO')\n"
        "log = logging.getLogger('baohuang.access')\n"
        "log.info('request', extra={'fields': {'route': '/v1/x', 'status': 200}})\n"
        "pid = os.fork()\n"
        "if pid == 0:\n"
        "    log.info('request', extra={'fields': {'route': '/child', 'status': 201}})\n"
        "    logging.getLogger('baohuang.access').handlers[0].flush_and_stop()\n"
        "    os._exit(0)\n"
        "os.waitpid(pid, 0)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    lines = [json.loads(x) for x in done.stdout.splitlines()]
    assert sorted((x["route"], x["status"]) for x in lines) == [("/child", 201), ("/v1/x", 200)]
    assert all(x["logger"] == "baohuang.access" and x["message"] == "request" for x in lines)


def test_a_record_is_queued_unformatted():
    from service.api.observability import QueuedLines

    written: list[logging.LogRecord] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            written.append(record)

    handler = QueuedLines(Keep())
    record = logging.LogRecord("baohuang.access", logging.INFO, __file__, 1, "request", None, None)
    record.fields = {"status": 200}  # type: ignore[attr-defined]
    handler.emit(record)
    handler.flush_and_stop()
    assert written == [record] and written[0].msg == "request" and os.getpid() > 0
