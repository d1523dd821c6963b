"""The clients and their resources, written once, with ``async``/``await`` (``postage._async``);
unasync writes the blocking twin, ``postage._sync``, from it (sdks/python/generate.sh)."""
