"""The file a document names: an editor names it by URI, the command line by path."""

from __future__ import annotations

from functools import lru_cache

from pygls.uris import to_fs_path


@lru_cache(maxsize=256)  # (asked for every diagnostic published: a document's URI, over and over)
def path_of_uri(uri: str) -> str:
    """The file path a `file:` URI names (as the real compiler names the file in a message);
    any other URI (or a plain path) as it is."""
    return to_fs_path(uri) or uri
