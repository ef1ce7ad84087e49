# schemathesis hooks for this API (docs/decisions/122).
# - Signs the administrator in and signs again every 10 minutes (access tokens live 15).
# - Gives each generated write a fresh Idempotency-Key when its key is a well-formed UUID, as the
#   document asks ("a fresh UUID for each new request"): schemathesis' coverage phase reuses one value
#   per format, and a key reused for another request is, by design, the documented 422. Malformed keys
#   (its negative cases) are sent as generated and must be refused with 400.
# - Fills the required text parts schemathesis' coverage phase leaves '' beside a drawn file (below).
# - Draws files of the types the document's multipart `encoding` names (PNG, PDF, plain text): the server
#   decides a file's type from its bytes, which JSON Schema cannot describe, and schemathesis draws a
#   media type's bytes only from a strategy registered for it (its documented way, `media_type`).
import json
import os
import re
import struct
import urllib.request
import uuid
import zlib

import schemathesis
from hypothesis import strategies as st
from schemathesis.core.parameters import ParameterLocation
from schemathesis.generation.hypothesis.examples import generate_one

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
    # schemathesis' coverage phase builds the body of a multipart form whose file part has a registered media
    # type (below) with the file drawn and every other required part set to '' (`_generate_multipart_body_
    # from_custom_strategies`, whatever the part's schema says), and labels it positive: a technical
    # document's `title` (minLength 1) then goes as ''. A positive case gets such a part drawn from its own
    # schema instead, so that it is the valid data it claims to be; negative cases go as drawn.
    if isinstance(case.body, dict) and case.meta is not None and case.meta.generation.mode.is_positive:
        schema = _multipart_schema(case)
        for name in schema.get("required", []):
            prop = schema.get("properties", {}).get(name, {})
            if case.body.get(name) == "" and prop.get("type") == "string" and prop.get("minLength", 0) >= 1:
                _keep_positive(case, {**case.body, name: _text_of(prop)})


def _keep_positive(case, body):
    # A new dict (the coverage phase shares its template's body between cases, negative ones included), set
    # without marking the body changed: schemathesis revalidates a changed body, and a body holding bytes (any
    # multipart file) never validates (`_validate_component`), which would relabel this valid case negative.
    object.__setattr__(case, "body", body)
    case._meta.update_validated_hash(ParameterLocation.BODY, case._hash_container(body))


def _multipart_schema(case):
    body = (case.operation.definition.raw.get("requestBody") or {}).get("content", {}).get("multipart/form-data", {})
    return body.get("schema") or {}


def _text_of(prop):
    """A text the part's schema takes: its pattern, within its lengths."""
    low, high = prop.get("minLength", 0), prop.get("maxLength")
    strategy = st.from_regex(prop["pattern"], fullmatch=True) if "pattern" in prop else st.text()
    return generate_one(strategy.filter(lambda s: low <= len(s) and (high is None or len(s) <= high)))


def _png(width, height, rgb):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    rows = b"".join(b"\x00" + bytes(rgb) * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def _pdf(text):
    return b"%PDF-1.4\n% " + text.encode() + b"\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"


_words = st.text(alphabet="abcdefghijklmnopqrstuvwxyz ", min_size=1, max_size=200)
schemathesis.openapi.media_type(
    "image/png", st.builds(_png, st.integers(1, 48), st.integers(1, 48), st.tuples(*[st.integers(0, 255)] * 3))
)
schemathesis.openapi.media_type("application/pdf", _words.map(_pdf))
schemathesis.openapi.media_type("text/plain", _words.map(lambda w: ("Notice " + w + "\n").encode()))
