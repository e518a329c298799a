"""Opening the zip inside DOCX, PPTX, EPUB and ODT files safely.

Before any member is parsed: at most ``MAX_MEMBERS`` members, at most
``MAX_UNCOMPRESSED`` bytes in all, and no member inflating more than ``MAX_RATIO``
times (a zip bomb is refused by its declared sizes, and a member that lies about its
size is cut off while it is read). XML is parsed with defusedxml, which refuses DTD
entities (billion laughs, external entities) instead of expanding them."""

from __future__ import annotations

import io
import zipfile
from xml.etree.ElementTree import Element

import defusedxml.ElementTree as SafeET
from defusedxml import DefusedXmlException

from deepref.search.documents.models import DocumentError

MAX_MEMBERS = 10_000
MAX_UNCOMPRESSED = 200_000_000
MAX_RATIO = 100
MIN_RATIO_BYTES = 1_000_000  # small members may compress very well (runs of spaces) and are harmless


class SafeZip:
    def __init__(self, data: bytes, name: str):
        self.name = name
        try:
            self.zip = zipfile.ZipFile(io.BytesIO(data))
        except (zipfile.BadZipFile, ValueError, EOFError) as exc:
            raise DocumentError(
                f"{name} is not a valid zip container ({exc}): it may be truncated or corrupt", reason="corrupt"
            ) from exc
        infos = self.zip.infolist()
        if len(infos) > MAX_MEMBERS:
            raise DocumentError(
                f"{name} holds {len(infos)} files, over {MAX_MEMBERS}: refused as a zip bomb", reason="zip-bomb"
            )
        total = sum(i.file_size for i in infos)
        if total > MAX_UNCOMPRESSED:
            raise DocumentError(
                f"{name} would inflate to {total:,} bytes, over {MAX_UNCOMPRESSED:,}: refused as a zip bomb",
                reason="zip-bomb",
            )
        for info in infos:
            ratio = info.file_size // max(info.compress_size, 1)
            if info.file_size > MIN_RATIO_BYTES and ratio > MAX_RATIO:
                raise DocumentError(
                    f"{name}: {info.filename} inflates {ratio}x, over {MAX_RATIO}x: refused as a zip bomb",
                    reason="zip-bomb",
                )
        self.names = {i.filename for i in infos}

    def read(self, member: str) -> bytes:
        try:
            info = self.zip.getinfo(member)
            with self.zip.open(info) as fh:
                data = fh.read(info.file_size + 1)
        except KeyError as exc:
            raise DocumentError(
                f"{self.name} has no {member}: it is not a complete document", reason="corrupt"
            ) from exc
        except (zipfile.BadZipFile, OSError, EOFError, ValueError) as exc:
            raise DocumentError(f"{self.name}: {member} is damaged ({exc})", reason="corrupt") from exc
        if len(data) > info.file_size:
            raise DocumentError(
                f"{self.name}: {member} is larger than it declares: refused as a zip bomb", reason="zip-bomb"
            )
        return data

    def xml(self, member: str) -> Element:
        return parse_xml(self.read(member), f"{self.name}: {member}")


def parse_xml(data: bytes, where: str) -> Element:
    """An element tree from untrusted XML; entities and external references are refused."""
    try:
        return SafeET.fromstring(data, forbid_dtd=False, forbid_entities=True, forbid_external=True)
    except DefusedXmlException as exc:
        raise DocumentError(
            f"{where} declares XML entities ({type(exc).__name__}): refused", reason="xml-entities"
        ) from exc
    except SafeET.ParseError as exc:
        raise DocumentError(f"{where} is not well-formed XML ({exc})", reason="corrupt") from exc
