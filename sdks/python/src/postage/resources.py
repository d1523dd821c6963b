"""The API's resources as client attributes (``client.emails``, ``client.domains``, ...): the
blocking classes of :class:`~postage.Postage` and the ``Async`` ones of :class:`~postage.AsyncPostage`."""

from ._async.resources import *  # noqa: F401,F403
from ._async.resources import __all__ as _async_names
from ._sync.resources import *  # noqa: F401,F403
from ._sync.resources import __all__ as _sync_names

__all__ = sorted([*_sync_names, *_async_names])
