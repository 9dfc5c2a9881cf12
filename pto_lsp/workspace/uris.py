"""The file a document names: an editor names it by URI, the command line by path."""

from __future__ import annotations

from urllib.parse import unquote, urlparse
from urllib.request import url2pathname


def path_of_uri(uri: str) -> str:
    """The file path a `file:` URI names (as the real compiler names the file in a message);
    any other URI (or a plain path) as it is."""
    parsed = urlparse(uri)
    if parsed.scheme != "file":
        return uri
    return url2pathname(unquote(parsed.path))
