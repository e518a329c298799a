"""Opening the zip inside DOCX, PPTX, EPUB and ODT files safely.

Before any member is parsed: at most ``MAX_MEMBERS`` members, at most
``MAX_UNCOMPRESSED`` bytes in all, and no member inflating more than ``MAX_RATIO``
times (a zip bomb is refused by its declared sizes, and a member that lies about its
size is cut off while it is read). XML is parsed with defusedxml, which refuses DTD
entities (billion laughs, external entities) instead of expanding them.

A large part (a DOCX body, an ODT's content, a slide) is streamed: :meth:`SafeZip.stream`
holds one paragraph at a time, since a whole element tree costs about 20 times the
XML it comes from (a 12 MB DOCX with 3 million empty paragraphs took 1 GB), and a
reader that has spent its character budget stops parsing there."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Iterator
from xml.etree.ElementTree import Element

import defusedxml.ElementTree as SafeET
from defusedxml import DefusedXmlException

from deepref.search.documents.limits import Budget
from deepref.search.documents.models import DocumentError

MAX_MEMBERS = 10_000
MAX_UNCOMPRESSED = 200_000_000
MAX_RATIO = 100
MIN_RATIO_BYTES = 1_000_000  # small members may compress very well (runs of spaces) and are harmless
DROP_BATCH = 1024
MAX_MEMBER_ELEMENTS = 3_000_000
"""XML elements read of one streamed member: a 1,000-page DOCX has under a million;
3 million empty paragraphs (a 12 MB file) took 45 s to parse."""
MAX_PART_ELEMENTS = 200_000
"""XML elements in one streamed part (a paragraph, a heading): a real paragraph has a
few hundred; one of millions would be held whole."""


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

    def stream(
        self, member: str, tags: frozenset[str], budget: Budget, *, within: str | None = None
    ) -> Iterator[Element]:
        """Each outermost element of ``member`` whose tag is in ``tags`` (inside a
        ``within`` element, when given), whole, in document order. Each is dropped from
        the tree once the caller moves on, and so is everything between them: memory
        holds one part at a time, whatever the size of the member. Past
        ``MAX_MEMBER_ELEMENTS`` elements it stops, and ``budget`` notes where."""
        where = f"{self.name}: {member}"
        events = SafeET.iterparse(
            io.BytesIO(self.read(member)),
            events=("start", "end"),
            forbid_dtd=False,
            forbid_entities=True,
            forbid_external=True,
        )
        # the open elements, each with how many of its first children are done with;
        # events come in batches, so those are dropped from the front, a batch at a time
        stack: list[list] = []
        inside = opened = 0  # open target elements; elements in the open outermost one
        scope = 0 if within is not None else 1  # open ``within`` elements
        try:
            for seen, (event, elem) in enumerate(events):
                if seen >= 2 * MAX_MEMBER_ELEMENTS:  # a start and an end each
                    budget.cut(
                        f"{member} read up to its first {MAX_MEMBER_ELEMENTS:,} XML elements (a part of more is cut)"
                    )
                    return
                if event == "start":
                    stack.append([elem, 0])
                    scope += elem.tag == within
                    if inside or (scope and elem.tag in tags):
                        inside += elem.tag in tags
                        opened += 1
                        if opened > MAX_PART_ELEMENTS:
                            raise DocumentError(
                                f"{where} holds one part of over {MAX_PART_ELEMENTS:,} XML elements: refused as a bomb",
                                reason="zip-bomb",
                            )
                    continue
                stack.pop()
                scope -= elem.tag == within
                if inside and elem.tag in tags:
                    inside -= 1
                    if not inside:
                        opened = 0
                        yield elem
                if not inside and stack:
                    frame = stack[-1]
                    frame[1] += 1
                    if frame[1] >= DROP_BATCH:
                        del frame[0][: frame[1]]
                        frame[1] = 0
        except DefusedXmlException as exc:
            raise DocumentError(
                f"{where} declares XML entities ({type(exc).__name__}): refused", reason="xml-entities"
            ) from exc
        except SafeET.ParseError as exc:
            raise DocumentError(f"{where} is not well-formed XML ({exc})", reason="corrupt") from exc


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
