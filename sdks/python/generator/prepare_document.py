"""Writes the document openapi-python-client generates from: sdks/openapi.json less the
operations that are not the SDK's: the dashboard's sign-in and session ones (`/api/auth/*`,
some of which an API key may call: sign-out, a password change, a resent verification email)
and every operation an API key cannot call: those whose `security` is empty (such as the SNS
endpoint of the provider, `/provider/ses-events`), and those the document marks
`x-postage-api-key: false` (team changes need an admin or owner person and a full_access key
acts as a developer; leaving an account needs a signed-in person). The SDK holds an API key, so
it offers exactly the others. Everything else is unchanged.

Usage: python3 prepare_document.py SOURCE DESTINATION
"""

import json
import sys

METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")
LEFT_OUT_PREFIXES = ("/api/auth/", "/provider/")


def api_key_operations(document: dict) -> dict:
    paths = {}
    for path, item in document["paths"].items():
        if path.startswith(LEFT_OUT_PREFIXES):
            continue
        kept = {}
        for key, value in item.items():
            if key in METHODS and (value.get("security") == [] or value.get("x-postage-api-key") is False):
                continue
            kept[key] = value
        if any(key in METHODS for key in kept):
            paths[path] = kept
    return {**document, "paths": paths}


def main() -> None:
    source, destination = sys.argv[1], sys.argv[2]
    with open(source, encoding="utf-8") as f:
        document = json.load(f)
    with open(destination, "w", encoding="utf-8") as f:
        json.dump(api_key_operations(document), f, indent=2)
        f.write("\n")


if __name__ == "__main__":
    main()
