# Generated from _async/__init__.py by unasync (sdks/python/generate.sh): do not edit.
"""The clients and their resources, written once, with ``async``/``await`` (``postage._async``);
unasync writes the blocking twin, ``postage._sync``, from it (sdks/python/generate.sh)."""
