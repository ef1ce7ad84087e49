# schemathesis hooks for this API (docs/decisions/122).
# - Signs the administrator in and signs again every 10 minutes (access tokens live 15).
# - Gives each generated write a fresh Idempotency-Key when its key is a well-formed UUID, as the
#   document asks ("a fresh UUID for each new request"): schemathesis' coverage phase reuses one value
#   per format, and a key reused for another request is, by design, the documented 422. Malformed keys
#   (its negative cases) are sent as generated and must be refused with 400.
import json
import os
import re
import urllib.request
import uuid

import schemathesis

BASE = os.environ["ST_BASE"]
UUID = re.compile(r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}(:[!-~]{1,200})?$")


@schemathesis.auth(refresh_interval=600)
class AdminAuth:
    def get(self, case, ctx):
        body = json.dumps({"email": os.environ["ST_EMAIL"], "password": os.environ["ST_PASSWORD"]}).encode()
        req = urllib.request.Request(BASE + "/auth/login", method="POST", data=body, headers={"content-type": "application/json"})
        with urllib.request.urlopen(req) as res:
            return json.load(res)["accessToken"]

    def set(self, case, data, ctx):
        case.headers = case.headers or {}
        case.headers["Authorization"] = f"Bearer {data}"


@schemathesis.hook
def before_call(ctx, case, kwargs):
    headers = case.headers or {}
    for name in list(headers):
        if name.lower() == "idempotency-key" and isinstance(headers[name], str) and UUID.match(headers[name]):
            headers[name] = str(uuid.uuid4())
