"""Real PDFs of each layout kind, and their truth from two extractors (issue 34).

The PDFs come from Debian's documentation packages (journal and conference classes'
sample papers, beamer's example talks, the Debian reference card); none is in the
repo. Install them outside it, where ``python -m benchmarks pdf --real`` looks
(``DEEPREF_BENCH_PDF_CORPUS``, default /work/pdfcorpus)::

    mkdir -p /work/pdfcorpus && cd /work/pdfcorpus
    apt-get download texlive-publishers-doc texlive-latex-recommended-doc debian-refcard
    for d in *.deb; do dpkg-deb -x "$d" root; done
    apt-get install poppler-utils   # pdftotext, one of the two reference extractors

(installing the three packages instead works too: files are also looked for under /).

The truth is not written by hand. Two extractors that order columns themselves,
poppler's ``pdftotext`` (its default reading order) and pdfminer.six's layout
analysis (text inside forms included), each give every page's text; a line-end hyphen between lower-case letters
is mended in both alike. A truth sentence is one that both produce identically on the
same page (so it lies wholly on that page), whose text occurs once in each extractor's
whole text, as a substring, whitespace-normalised (not inside a longer sentence, nor on
another page: papertex's newspaper repeats its placeholder Latin; since method 12), has five
words or more, is mostly letters and ends with a full stop after a word in lower case
(not a table's row, nor a contents entry). A stop ends a sentence after a lower-case
letter, a digit, ")", "]", a closing quote, "?" or "/" before an upper-case letter of any
alphabet ("…only [7]. The…", "…by REVTEX 4”. Fix up…"), and so does
a link's closing "/" before a capitalised word; a heading line (one word, or up to three
whose first and last are capitalised, letters only, before a capitalised line) ends its
paragraph. Both extractors set a reference card's section title or a table's column
head with its first cell ("Dpkg Override a package's version of a file.") and join
cells one after the other whose stop the ASCII-only split missed ("…est modifié.
Rechercher…") or that end with a link ("…debian-installer/ Download from…"); since
methods 5, 7 and 8. Running lines are pdfminer's text lines in the
top or bottom 8% of the page whose text, digits masked, recurs in that band on at
least three pages and a fifth of the pages (half the pages of a shorter document, two
at least; a slide's title repeated over a frame's overlays is not running); a line of
digits alone is not counted (not countable in the text: "2 / 26") but leaves the body
too, and one word ending a sentence is not running (a card's cell ending in the band
on both its pages: "pacchetto."). Since method 14 a running line is what a reader calls
a header or footer, set at the edge of the document's distinct pages around text that
changes: pages that are builds of one another count as one page, and the rule's page
counts are of such pages. A page whose body lines (outside the band, three at least)
stand all but a tenth on the next is built on by it, as a frame's overlays or frames
that each add a point: beamer-verona's headline shown on its "Options" frames alone
(pages 11-17) and bfh-ci's logo over its title page's four variants are not running; the
existing exemption (a slide's title over a frame's overlays) was this, judged by the
count alone. And a band line ending in a comma after a letter, which its text box goes
on past, is a sentence's head, not running (a card's cell at a column's top on one page
and foot on the other: refcard-ru's "Вывести список пакетов,"). A poster redrawn a step
further on each page with other text around it (tcolorbox-tutorial-poster) is no build
by its lines but on pages 10-12, where a listing grows (its first line is no longer
running): its title and box heads stay running. pdfminer's text wholly off the page is
not on it (beamer-fuberlin parks a frame's points not yet uncovered, and a footer's
"ZEDAT,", off the page, where pdftotext and viewers leave them out; read, they were 6 of
its decks' 16 running lines). The body the word F1 compares with is pdftotext's page text without
those lines, each taken out as whole lines even where pdftotext sets it on two
(hobete's footer "T. Görlach Inst."); since method 9. A letter followed by
combining marks is composed: pdftotext gives an accent a font draws apart (LaTeX's
OT1 umlauts) as a combining mark; since method 10. A space between a letter and a closing
angle bracket goes: a meta-variable's italic correction before "⟩", not a space, which
both extractors read as one after some letters only ("⟨cmd ⟩" beside "⟨code⟩"); since
method 11. So does one between a letter and ")" or ",": an italic or math-italic letter's
correction, 0.03-0.07 em, which both extractors read as a space ("(AP )", "(x ,y)",
"exceptional )") and PDFium after some letters only ("(BI), (CJ ), (DK)"); since method 13.

Limits: a sentence both extractors get wrong the same way counts as truth (and one
either gets wrong is left out, so the hardest pages weigh less); a compound hyphen at a
line end is mended like a syllable break; a running line repeated on fewer pages (a
two-page reference card) is not counted; tables and formulas give few sentences.

The split is fixed by a hash of the file's path (not by results): held-out when the
first byte of its SHA-256 is odd. The held-out files were looked at in stop 38 and now
serve as tuning data too; ``FILES_HELD_OUT_2`` is a second held-out split ("held-out-2",
chosen 2026-11-29 by file name, page 1's layout and the truth's sentence count alone,
never read by deepref before its one measurement) from other packages::

    cd /work/pdfcorpus && apt-get download texlive-latex-extra-doc texlive-latex-base-doc \
        texlive-science-doc texlive-humanities-doc auctex
    for d in *.deb; do dpkg-deb -x "$d" root; done

``FILES_HELD_OUT_3`` is a third ("held-out-3", chosen 2026-11-29 the same way, measured
once that day and tuning data since), partly from two more packages::

    cd /work/pdfcorpus && apt-get download texlive-metapost-doc texlive-pictures-doc
    for d in *.deb; do dpkg-deb -x "$d" root; done

``FILES_HELD_OUT_4`` is a fourth ("held-out-4", chosen blind 2026-11-29 the same way,
measured once the same day, tuning data since), partly from three more packages::

    cd /work/pdfcorpus && apt-get download texlive-plain-generic texlive-luatex texlive-games
    for d in *.deb; do dpkg-deb -x "$d" root; done

``FILES_HELD_OUT_5`` is a fifth ("held-out-5", chosen blind 2026-11-29 the same way: file
name, size, ``pdfinfo``, the first pages' ``pdftotext`` and picture, and the truth's sentence
count alone, never read by deepref before its one measurement), partly from eleven more
packages::

    cd /work/pdfcorpus && apt-get download texlive-bibtex-extra texlive-lang-english \
        texlive-formats-extra texlive-lang-polish texlive-lang-czechslovak texlive-lang-italian \
        texlive-lang-french texlive-pstricks-doc texlive-fonts-recommended-doc \
        texlive-fonts-extra-doc texlive-music
    for d in *.deb; do dpkg-deb -x "$d" root; done

``FILES_HELD_OUT_6`` is a sixth ("held-out-6", chosen blind 2026-11-29 the same way: file
name, size, ``pdfinfo``, an early page's ``pdftotext`` and picture, and the truth's sentence
count alone, never read by deepref before its one measurement), partly from four more
packages::

    cd /work/pdfcorpus && apt-get download texlive-lang-european texlive-lang-german \
        texlive-lang-spanish texlive-lang-portuguese
    for d in *.deb; do dpkg-deb -x "$d" root; done

``FILES_HELD_OUT_7`` is a seventh ("held-out-7", chosen blind 2026-11-29 the same way: file
name, size, ``pdfinfo``, an early page's ``pdftotext`` and picture, and the truth's sentence
count alone, never read by deepref before its one measurement), partly from three more
packages::

    cd /work/pdfcorpus && apt-get download texlive-xetex texlive-font-utils texlive-lang-other
    for d in *.deb; do dpkg-deb -x "$d" root; done"""

from __future__ import annotations

import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import unicodedata
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from benchmarks.pdf_layouts import Truth

CORPUS = Path(os.environ.get("DEEPREF_BENCH_PDF_CORPUS", "/work/pdfcorpus"))
INSTALL = (
    f"mkdir -p {CORPUS} && cd {CORPUS} && apt-get download texlive-publishers-doc "
    "texlive-latex-recommended-doc debian-refcard texlive-latex-extra-doc texlive-latex-base-doc "
    "texlive-science-doc texlive-humanities-doc auctex texlive-metapost-doc texlive-pictures-doc "
    "texlive-plain-generic texlive-luatex texlive-games texlive-bibtex-extra texlive-lang-english "
    "texlive-formats-extra texlive-lang-polish texlive-lang-czechslovak texlive-lang-italian "
    "texlive-lang-french texlive-pstricks-doc texlive-fonts-recommended-doc texlive-fonts-extra-doc "
    "texlive-music texlive-lang-european texlive-lang-german texlive-lang-spanish texlive-lang-portuguese "
    "texlive-xetex texlive-font-utils texlive-lang-other "
    '&& for d in *.deb; do dpkg-deb -x "$d" root; done; '
    "apt-get install poppler-utils  (DEEPREF_BENCH_PDF_CORPUS sets the folder)"
)
_PUB = "texlive-publishers-doc"
_REC = "texlive-latex-recommended-doc"
_REF = "debian-refcard"
_TL = "texlive-doc/latex/"
_EXT = "texlive-latex-extra-doc"
_BAS = "texlive-latex-base-doc"
_SCI = "texlive-science-doc"
_HUM = "texlive-humanities-doc"
_MP = "texlive-metapost-doc"
_PIC = "texlive-pictures-doc"
_MPD = "texlive-doc/metapost/"
_PLG = "texlive-plain-generic"
_LUA = "texlive-luatex"
_GAM = "texlive-games"
_TD = "texlive-doc/"
_BIB = "texlive-bibtex-extra"
_ENG = "texlive-lang-english"
_FMT = "texlive-formats-extra"
_POL = "texlive-lang-polish"
_CZE = "texlive-lang-czechslovak"
_ITA = "texlive-lang-italian"
_FRA = "texlive-lang-french"
_PST = "texlive-pstricks-doc"
_FRD = "texlive-fonts-recommended-doc"
_FXD = "texlive-fonts-extra-doc"
_MUS = "texlive-music"
_EUR = "texlive-lang-european"
_GER = "texlive-lang-german"
_SPA = "texlive-lang-spanish"
_POR = "texlive-lang-portuguese"
_XE = "texlive-xetex"
_FNU = "texlive-font-utils"
_OTH = "texlive-lang-other"


@dataclass(frozen=True)
class RealPdf:
    kind: str
    package: str
    path: str  # under /usr/share/doc
    licence: str  # as the package's Licenses list (or copyright file) gives it


FILES = (
    # two columns
    RealPdf("two columns", _PUB, _TL + "acmart/samples/sample-sigconf.pdf", "LPPL 1.3 (acmart)"),
    RealPdf("two columns", _PUB, _TL + "acmart/samples/sample-sigplan.pdf", "LPPL 1.3 (acmart)"),
    RealPdf("two columns", _PUB, _TL + "acmart/samples/sample-acmtog.pdf", "LPPL 1.3 (acmart)"),
    RealPdf("two columns", _PUB, _TL + "acmart/samples/sample-acmengage.pdf", "LPPL 1.3 (acmart)"),
    RealPdf("two columns", _PUB, _TL + "mnras/mnras_guide.pdf", "LPPL 1.3 (mnras)"),
    RealPdf("two columns", _PUB, _TL + "revtex/aip/aipguide4-2.pdf", "LPPL 1.3c (revtex)"),
    RealPdf("two columns", _PUB, _TL + "revtex/aps/apsguide4-2.pdf", "LPPL 1.3c (revtex)"),
    RealPdf("two columns", _PUB, _TL + "revtex/auguide/summary4-2.pdf", "LPPL 1.3c (revtex)"),
    RealPdf("two columns", _PUB, _TL + "revtex/auguide/auguide4-2.pdf", "LPPL 1.3c (revtex)"),
    RealPdf("two columns", _PUB, _TL + "elsarticle/elstest-5p.pdf", "LPPL 1.2 (elsarticle)"),
    RealPdf("two columns", _PUB, _TL + "elsarticle/elstest-3pd.pdf", "LPPL 1.2 (elsarticle)"),
    RealPdf("two columns", _PUB, _TL + "ieeepes/ieeepes_doc.pdf", "LPPL (ieeepes)"),
    RealPdf("two columns", _PUB, _TL + "asmeconf/asmeconf-template.pdf", "MIT (asmeconf)"),
    RealPdf("two columns", _PUB, _TL + "confproc/example/papers/p_001.pdf", "LPPL (confproc)"),
    RealPdf("two columns", _PUB, _TL + "confproc/example/papers/p_007.pdf", "LPPL (confproc)"),
    # one column
    RealPdf("one column", _PUB, _TL + "acmart/samples/sample-acmsmall.pdf", "LPPL 1.3 (acmart)"),
    RealPdf("one column", _PUB, _TL + "elsarticle/elstest-1p.pdf", "LPPL 1.2 (elsarticle)"),
    RealPdf("one column", _PUB, _TL + "llncs/llncsdoc.pdf", "CC BY 4.0 (llncs)"),
    RealPdf("one column", _PUB, _TL + "aastex/sample631.pdf", "LPPL 1.3 (aastex)"),
    RealPdf("one column", _PUB, _TL + "apa7/samples/longsample.pdf", "LPPL 1.3c (apa7)"),
    RealPdf("one column", _PUB, _TL + "ieeetran/testflow_doc.pdf", "LPPL 1.3 (ieeetran)"),
    RealPdf("one column", _PUB, _TL + "ieeeconf/IEEEconf.pdf", "LPPL (ieeeconf)"),
    RealPdf("one column", _PUB, _TL + "cmpj/template.pdf", "LPPL (cmpj)"),
    RealPdf("one column", _PUB, _TL + "ejpecp/sample.pdf", "LPPL 1.2 (ejpecp)"),
    RealPdf("one column", _PUB, _TL + "aiaa/author_guide.pdf", "LPPL (aiaa)"),
    RealPdf("one column", _PUB, _TL + "pracjourn/pracjourn.pdf", "GPL (pracjourn)"),
    # line numbers in the margin (added after the first held-out measurement, which showed
    # a line-numbered manuscript read into its text; the held-out ones were not looked at)
    RealPdf("one column", _REC, _TL + "lineno/lineno.pdf", "LPPL (lineno)"),
    RealPdf("one column", _REC, _TL + "lineno/linenoamsmathdemo.pdf", "LPPL (lineno)"),
    RealPdf("one column", _REC, _TL + "lineno/ulineno.pdf", "LPPL (lineno)"),
    # three columns: the reference card, landscape, three columns of command and meaning
    RealPdf("three columns", _REF, "debian-refcard/refcard-en-a4.pdf.gz", "GPL-3+"),
    RealPdf("three columns", _REF, "debian-refcard/refcard-en-lt.pdf.gz", "GPL-3+"),
    RealPdf("three columns", _REF, "debian-refcard/refcard-fr-a4.pdf.gz", "GPL-3+"),
    RealPdf("three columns", _REF, "debian-refcard/refcard-de-a4.pdf.gz", "GPL-3+"),
    RealPdf("three columns", _REF, "debian-refcard/refcard-es-a4.pdf.gz", "GPL-3+"),
    RealPdf("three columns", _REF, "debian-refcard/refcard-it-a4.pdf.gz", "GPL-3+"),
    # slides
    RealPdf("slides", _REC, _TL + "beamer/beamerexample-conference-talk.pdf", "LPPL 1.3c, GPL-2+, GFDL (beamer)"),
    RealPdf(
        "slides", _REC, _TL + "beamer/beamerexample-lecture-beamer-version.pdf", "LPPL 1.3c, GPL-2+, GFDL (beamer)"
    ),
    RealPdf("slides", _PUB, _TL + "beamer-fuberlin/exampleTheme.pdf", "LPPL (beamer-fuberlin)"),
    RealPdf("slides", _PUB, _TL + "beamer-fuberlin/exampleClass.pdf", "LPPL (beamer-fuberlin)"),
    RealPdf("slides", _PUB, _TL + "beamer-verona/beamer-verona.pdf", "LPPL 1.3 (beamer-verona)"),
    RealPdf("slides", _PUB, _TL + "bfh-ci/DEMO-BFHBeamer.pdf", "LPPL 1.3c (bfh-ci)"),
    RealPdf("slides", _PUB, _TL + "abntex2/examples/abntex2-modelo-slides.pdf", "LPPL 1.3 (abntex2)"),
    # more decks with prose, added as tuning data when the old held-out split was looked at
    # (their split by the same hash; both old splits are tune data now)
    RealPdf("slides", _PUB, _TL + "hobete/hobete_doc.pdf", "LPPL (hobete)"),
    RealPdf("slides", _PUB, _TL + "tuda-ci/DEMO-TUDaBeamer.pdf", "LPPL 1.3c (tuda-ci)"),
    RealPdf("slides", _PUB, _TL + "uantwerpendocs/beamerthemeuantwerpenuserguide.pdf", "LPPL 1.3 (uantwerpendocs)"),
    RealPdf("slides", _PUB, _TL + "urcls/URbeamer-DEMO.pdf", "LPPL (urcls)"),
    RealPdf("slides", _PUB, _TL + "thubeamer/thubeamer-example-en.pdf", "LPPL 1.3c (thubeamer)"),
)

# held-out-2: unseen by whoever tunes the reader or the citation engine (see the docstring)
FILES_HELD_OUT_2 = (
    # two columns: LaTeX News, LaTeX3 News, TUGboat articles, a paper in IEEEtran, an ApJ sample
    RealPdf("two columns", _BAS, _TL + "base/ltnews31.pdf", "LPPL 1.3c (latex)"),
    RealPdf("two columns", _BAS, _TL + "base/ltnews35.pdf", "LPPL 1.3c (latex)"),
    RealPdf("two columns", _BAS, _TL + "l3kernel/l3news09.pdf", "LPPL 1.3c (l3kernel)"),
    RealPdf("two columns", _BAS, _TL + "l3kernel/l3news12.pdf", "LPPL 1.3c (l3kernel)"),
    RealPdf("two columns", _BAS, "texlive-doc/bibtex/babelbib/tugboat-babelbib.pdf", "LPPL 1 (babelbib)"),
    RealPdf("two columns", _BAS, _TL + "tools/ftnright.pdf", "LPPL 1.3c (tools)"),
    RealPdf("two columns", _EXT, _TL + "cals/tb101parashchenko.pdf", "LPPL 1.3 (cals)"),
    RealPdf(
        "two columns",
        _EXT,
        _TL + "authorarchive/examples/brucker-authorarchive-2016-IEEEtran.pdf",
        "LPPL 1.3c, BSD-2 (authorarchive)",
    ),
    RealPdf("two columns", _EXT, _TL + "emulateapj/sample.pdf", "LPPL (emulateapj)"),
    # one column: LaTeX's guides and licence, a TUG paper, package manuals with prose
    RealPdf("one column", _BAS, _TL + "base/usrguide.pdf", "LPPL 1.3c (latex)"),
    RealPdf("one column", _BAS, _TL + "base/modguide.pdf", "LPPL 1.3c (latex)"),
    RealPdf("one column", _BAS, _TL + "base/lppl.pdf", "LPPL 1.3c (latex)"),
    RealPdf("one column", _BAS, _TL + "hyperref/paper.pdf", "LPPL 1.3 (hyperref)"),
    RealPdf("one column", _HUM, _TL + "reledmac/migration.pdf", "LPPL 1.3 (reledmac)"),
    RealPdf("one column", _HUM, _TL + "screenplay/screenplay.pdf", "GPL (screenplay)"),
    RealPdf("one column", _SCI, _TL + "proof-at-the-end/proof-at-the-end.pdf", "LPPL 1.3 (proof-at-the-end)"),
    RealPdf("one column", _SCI, _TL + "bussproofs/BussGuide2.pdf", "LPPL 1.3 (bussproofs)"),
    # three columns: a reference card, cheat sheets, a poster-like sample and a cover text
    RealPdf("three columns", "auctex", "auctex/tex-ref.pdf", "GPL-3+; tex-ref.tex: notice kept (auctex)"),
    RealPdf("three columns", _EXT, _TL + "cheatsheet/cheatsheet.pdf", "MIT (cheatsheet)"),
    RealPdf("three columns", _SCI, _TL + "rbt-mathnotes/examples/cheat-sheet.pdf", "LPPL 1.3c (rbt-mathnotes)"),
    RealPdf("three columns", _EXT, _TL + "flowfram/samples/sample1.pdf", "LPPL 1.3 (flowfram)"),
    RealPdf("three columns", _EXT, _TL + "bookcover/figures/bookcover-description.pdf", "LPPL 1.2 (bookcover)"),
    # slides: beamer themes' example talks with some prose
    RealPdf("slides", _EXT, _TL + "beamertheme-metropolis/demo.pdf", "CC BY-SA 4.0 (beamertheme-metropolis)"),
    RealPdf("slides", _EXT, _TL + "beamertheme-focus/focus-demo.pdf", "GPL-3 (beamertheme-focus)"),
    RealPdf("slides", _EXT, _TL + "shipunov/lecture-slides-ex.pdf", "LPPL 1.3 (shipunov)"),
    RealPdf("slides", _EXT, _TL + "beamertheme-trigon/trigon_demo.pdf", "CC BY-SA 4.0 (beamertheme-trigon)"),
    RealPdf("slides", _EXT, _TL + "beamertheme-upenn-bc/beamerPENNstyle.pdf", "LPPL (beamertheme-upenn-bc)"),
    RealPdf("slides", _EXT, _TL + "beamerappendixnote/example-longnote.pdf", "LPPL 1.3c (beamerappendixnote)"),
    RealPdf("slides", _EXT, _TL + "beamer2thesis/beamer2thesis.pdf", "LPPL (beamer2thesis)"),
    RealPdf(
        "slides", _EXT, _TL + "beamertheme-simpleplus/beamertheme-simpleplus-sample.pdf", "public domain (simpleplus)"
    ),
    RealPdf(
        "slides",
        _EXT,
        _TL + "beamertheme-pure-minimalistic/beamertheme-pure-minimalistic-demo.pdf",
        "GPL-3+ (beamertheme-pure-minimalistic)",
    ),
    RealPdf("slides", _EXT, _TL + "beamertheme-saintpetersburg/example.pdf", "LPPL 1.3c (beamertheme-saintpetersburg)"),
)

# held-out-3: the same, measured once on 2026-11-29 (docs/library.md), tuning data since
FILES_HELD_OUT_3 = (
    # two columns: TUGboat articles and preprints about METAPOST, journal classes' samples
    RealPdf("two columns", _MP, _MPD + "featpost/doc/otherinfo/tb88henderson.pdf", "GPL (featpost)"),
    RealPdf("two columns", _MP, _MPD + "mp3d/tb57roeg.pdf", "LPPL (mp3d)"),
    RealPdf("two columns", _MP, _MPD + "mp3d/tugboat-geometry-space.pdf", "LPPL (mp3d)"),
    RealPdf("two columns", _MP, _TL + "metaplot/metaplot_preprint.pdf", "LPPL (metaplot)"),
    RealPdf("two columns", _PUB, _TL + "elsarticle/elstest-3p.pdf", "LPPL 1.2 (elsarticle)"),
    RealPdf("two columns", _PUB, _TL + "quantumarticle/quantum-template.pdf", "LPPL 1.3c (quantumarticle)"),
    # one column: a guide, a paper in French, package manuals and templates with prose
    # (metapost's mpintro.pdf and mp3d's paper1997corrected.pdf are left out: the same text as
    # tb88henderson.pdf and tb57roeg.pdf)
    RealPdf("one column", _MP, "texlive-doc/generic/mfpic/mfpguide.pdf", "LPPL 1.3 (mfpic)"),
    RealPdf("one column", _MP, _MPD + "mp3d/gut2001.pdf", "LPPL (mp3d)"),
    RealPdf("one column", _PIC, _TL + "prerex/intro.pdf", "GPL-2, LPPL (prerex)"),
    RealPdf("one column", _PIC, _TL + "knittingpattern/introduction.pdf", "LPPL 1.3 (knittingpattern)"),
    RealPdf("one column", _PUB, _TL + "quantumarticle/quantumview-template.pdf", "LPPL 1.3c (quantumarticle)"),
    RealPdf("one column", _PUB, _TL + "hagenberg-thesis/examples/HgbArticle/main.pdf", "CC BY 4.0 (hagenberg-thesis)"),
    RealPdf("one column", _PUB, _TL + "afparticle/afpsample.pdf", "LPPL 1.3 (afparticle)"),
    RealPdf("one column", _EXT, _TL + "gcard/gcard.pdf", "LPPL (gcard)"),
    RealPdf("one column", _EXT, _TL + "lectureslides/lectureslides-doc.pdf", "CC BY 4.0 (lectureslides)"),
    # three columns: a reference card, a landscape brochure, a newspaper, refcards not used yet
    RealPdf("three columns", _MP, "texlive-doc/generic/mfpic/mfpcard.pdf", "LPPL 1.3 (mfpic)"),
    RealPdf("three columns", _EXT, _TL + "flowfram/samples/sample-brochure.pdf", "LPPL 1.3 (flowfram)"),
    RealPdf("three columns", _EXT, _TL + "papertex/example/example.pdf", "LPPL (papertex)"),
    RealPdf("three columns", _REF, "debian-refcard/refcard-nl-a4.pdf.gz", "GPL-3+"),
    RealPdf("three columns", _REF, "debian-refcard/refcard-sv-a4.pdf.gz", "GPL-3+"),
    # slides: beamer talks (featpost's two, theme examples) and hyperref's slides
    RealPdf("slides", _MP, _MPD + "featpost/doc/featpostbeamer.pdf", "GPL (featpost)"),
    RealPdf("slides", _MP, _MPD + "featpost/doc/metapostpropaganda.pdf", "GPL (featpost)"),
    RealPdf("slides", _BAS, _TL + "hyperref/slides.pdf", "LPPL 1.3 (hyperref)"),
    RealPdf("slides", _EXT, _TL + "beamerthemelalic/beamerthemelalic-exemplo.pdf", "GPL-3+ (beamerthemelalic)"),
    RealPdf(
        "slides",
        _EXT,
        _TL + "beamertheme-simpledarkblue/beamertheme-simpledarkblue-sample.pdf",
        "public domain (beamertheme-simpledarkblue)",
    ),
    RealPdf("slides", _EXT, _TL + "tdclock/tdclock-beamer-example.pdf", "GPL-2 (tdclock)"),
    RealPdf(
        "slides", _EXT, _TL + "beamertheme-npbt/example/NPBT_exsamle.pdf", "GPL-3, public domain (beamertheme-npbt)"
    ),
    RealPdf("slides", _EXT, _TL + "beamertheme-light/beamertheme-light-example.pdf", "GPL-3 (beamertheme-light)"),
)

# held-out-4: chosen blind on 2026-11-29 (file name, an early page's layout and the truth's
# sentence count alone; docs/library.md), unseen by whoever tuned the reader or the citation
# engine until it was measured once (2026-11-29, docs/library.md); tuning data since
FILES_HELD_OUT_4 = (
    # two columns: plain TeX newsletters, a TUGboat article, LaTeX News, LaTeX3 News, a
    # REVTeX sample paper, a TUGboat preprint in plain TeX (METATeX)
    RealPdf("two columns", _PLG, _TD + "plain/newsletr/newssamp.pdf", "other-free (newsletr)"),
    RealPdf("two columns", _PLG, _TD + "plain/newsletr/sample.pdf", "other-free (newsletr)"),
    RealPdf(
        "two columns",
        _LUA,
        _TD + "luatex/lua-widow-control/tb133chernoff-widows.pdf",
        "other-free, CC BY-SA 4.0 (lua-widow-control)",
    ),
    RealPdf("two columns", _BAS, _TL + "base/ltnews33.pdf", "LPPL 1.3c (latex)"),
    RealPdf("two columns", _BAS, _TL + "l3kernel/l3news10.pdf", "LPPL 1.3c (l3kernel)"),
    RealPdf("two columns", _PUB, _TL + "revtex/sample/aps/apssamp.pdf", "LPPL 1.3c (revtex)"),
    RealPdf("two columns", _PLG, _TD + "plain/metatex/mtpaper.pdf", "GPL (metatex)"),
    # one column: package manuals with prose, a PracTeX Journal article, a PMLR sample
    # (revtex's aipsamp.pdf is left out: a third of its sentences are apssamp.pdf's)
    RealPdf("one column", _LUA, _TD + "lualatex/lualatex-doc/lualatex-doc.pdf", "GFDL (lualatex-doc)"),
    RealPdf("one column", _LUA, _TD + "support/checkcites/checkcites-doc.pdf", "LPPL 1.3 (checkcites)"),
    RealPdf("one column", _PLG, _TD + "generic/ulem/ulem.pdf", "other-free (ulem)"),
    RealPdf("one column", _EXT, _TL + "newspaper/newspaper.pdf", "LPPL (newspaper)"),
    RealPdf("one column", _SCI, _TL + "turnstile/turnstile_article.pdf", "LPPL (turnstile)"),
    RealPdf("one column", _PUB, _TL + "jmlr/pmlr-sample.pdf", "LPPL 1.3 (jmlr)"),
    RealPdf("one column", _GAM, _TL + "skak/skakdoc.pdf", "LPPL (skak)"),
    RealPdf("one column", _GAM, _TL + "crossword/cwpuzzle.pdf", "other-free (crossword)"),
    # three columns: refcards not used yet, two landscape leaflets of three panels
    RealPdf("three columns", _REF, "debian-refcard/refcard-pt-a4.pdf.gz", "GPL-3+"),
    RealPdf("three columns", _REF, "debian-refcard/refcard-ca-a4.pdf.gz", "GPL-3+"),
    RealPdf("three columns", _REF, "debian-refcard/refcard-cs-a4.pdf.gz", "GPL-3+"),
    RealPdf("three columns", _PUB, _TL + "tuda-ci/DEMO-TUDaLeaflet.pdf", "LPPL 1.3c (tuda-ci)"),
    RealPdf("three columns", _EXT, _TL + "leaflet/leaflet-manual.pdf", "LPPL 1.3 (leaflet)"),
    # slides: decks and manuals set as slides (beamer, pdfscreen, ffslides, ifmslide, plain
    # TeX's present); pdfslide's demo.pdf is left out: it repeats pdfscreen's manual-screen.pdf
    RealPdf("slides", _PLG, _TD + "plain/present/HowToTalkTeX.pdf", "LPPL (present)"),
    RealPdf("slides", _EXT, _TL + "ffslides/ffslides-doc.pdf", "LPPL 1.3 (ffslides)"),
    RealPdf("slides", _EXT, _TL + "pdfscreen/manual-screen.pdf", "LPPL (pdfscreen)"),
    RealPdf("slides", _EXT, _TL + "beamerthemeamurmaple/beamer-amurmaple-doc.pdf", "LPPL 1.3 (beamerthemeamurmaple)"),
    RealPdf("slides", _EXT, _TL + "ifmslide/ifmman.pdf", "LPPL 1.2 (ifmslide)"),
    RealPdf("slides", _EXT, _TL + "ticket/manual.pdf", "LPPL 1.3 (ticket)"),
    RealPdf("slides", _EXT, _TL + "fancytooltips/examples/fancy-preview-demo.pdf", "LPPL 1.2 (fancytooltips)"),
    RealPdf("slides", _EXT, _TL + "flashmovie/test-beamer-0.pdf", "LPPL 1.3 (flashmovie)"),
)

# held-out-5: chosen blind on 2026-11-29 (file name, size, pdfinfo, the first pages' pdftotext
# and picture, and the truth's sentence count alone; docs/library.md), unseen by whoever tunes
# the reader or the citation engine until it was measured once (2026-11-29, docs/library.md); tuning data since
FILES_HELD_OUT_5 = (
    # two columns: TUGboat articles (multibibliography, StarTeX), LaTeX's brochure, a short list
    # of first LaTeX resources, an article on SVG in LaTeX, a journal's sample paper, an
    # overview of TeX's family
    RealPdf("two columns", _BIB, _TL + "multibibliography/tug-paper.pdf", "LPPL 1.3 (multibibliography)"),
    RealPdf("two columns", _ENG, _TL + "latex-brochure/brochure-a4.pdf", "LPPL (latex-brochure)"),
    RealPdf("two columns", _ENG, _TL + "latex-doc-ptr/latex-doc-ptr.pdf", "public domain (latex-doc-ptr)"),
    RealPdf("two columns", _FMT, _TD + "otherformats/startex/ideas.pdf", "public domain (startex)"),
    RealPdf("two columns", _ENG, _TL + "svg-inkscape/InkscapePDFLaTeX.pdf", "LPPL 1.3 (svg-inkscape)"),
    RealPdf("two columns", _BIB, _TD + "bibtex/economic/oegatb-ex.pdf", "LPPL (economic)"),
    RealPdf("two columns", _ENG, _TL + "tex-overview/tex-overview.pdf", "LPPL 1.3 (tex-overview)"),
    # one column: package manuals and guides with prose (English, Polish, Italian), a note on
    # music notation's mistakes, a citation style's introduction
    RealPdf("one column", _ENG, _TL + "webguide/webguide.pdf", "other-free (webguide)"),
    RealPdf("one column", _POL, _TL + "polski/polski.pdf", "LPPL 1.2 (polski)"),
    RealPdf("one column", _CZE, _TL + "cnbwp/cnbwp-manual-en.pdf", "LPPL (cnbwp)"),
    RealPdf("one column", _ITA, _TL + "layaureo/layaureo.pdf", "LPPL (layaureo)"),
    RealPdf("one column", _PST, _TL + "dsptricks/dspTricksManual.pdf", "LPPL (dsptricks)"),
    RealPdf("one column", _BIB, _TL + "biblatex-chicago/cms-notes-intro.pdf", "LPPL 1.3 (biblatex-chicago)"),
    RealPdf("one column", _FRD, _TD + "fonts/pxfonts/pxfontsdoc.pdf", "GPL (pxfonts)"),
    RealPdf("one column", _MUS, _TD + "generic/musixtex/notationMistakes/sottigra.pdf", "GPL-2+ (musixtex)"),
    # three columns: two LaTeX cheat sheets (landscape), refcards not used yet (Greek, Russian,
    # Polish, Danish)
    RealPdf("three columns", _ENG, _TL + "latexcheat/latexsheet.pdf", "LPPL (latexcheat)"),
    RealPdf("three columns", _ENG, _TL + "latex-refsheet/LaTeX_RefSheet.pdf", "LPPL 1.3c (latex-refsheet)"),
    RealPdf("three columns", _REF, "debian-refcard/refcard-el-a4.pdf.gz", "GPL-3+"),
    RealPdf("three columns", _REF, "debian-refcard/refcard-ru-a4.pdf.gz", "GPL-3+"),
    RealPdf("three columns", _REF, "debian-refcard/refcard-pl-a4.pdf.gz", "GPL-3+"),
    RealPdf("three columns", _REF, "debian-refcard/refcard-da-a4.pdf.gz", "GPL-3+"),
    # slides: decks (pdfscreen-like, beamer in English and French, a font's demo), a manual set
    # in 4:3 screen format, and landscape screen-format manuals
    RealPdf("slides", _PST, _TL + "pdftricks/manual.pdf", "GPL (pdftricks)"),
    RealPdf("slides", _ENG, _TL + "latex-course/LaTeX-Course.pdf", "GPL (latex-course)"),
    RealPdf("slides", _FXD, _TD + "fonts/lxfonts/LXfonts-demo.pdf", "LPPL (lxfonts)"),
    RealPdf("slides", _FRA, _TL + "formation-latex-ul/formation-latex-ul-diapos.pdf", "CC BY 4.0 (formation-latex-ul)"),
    RealPdf("slides", _PLG, _TD + "generic/crossrefenum/doc/crossrefenum.pdf", "GPL-3+, GFDL (crossrefenum)"),
    RealPdf("slides", _PIC, _TL + "tikz-ext/tikz-ext-manual.pdf", "GFDL, LPPL (tikz-ext)"),
    RealPdf("slides", _PIC, _TL + "tikz-timing/tikz-timing.pdf", "LPPL (tikz-timing)"),
    RealPdf("slides", _EXT, _TL + "flowfram/ffuserguide.pdf", "LPPL 1.3 (flowfram)"),
)

# held-out-6: chosen blind on 2026-11-29 (file name, size, pdfinfo, an early page's pdftotext
# and picture, and the truth's sentence count alone; docs/library.md), unseen by whoever tunes
# the reader or the citation engine until it was measured once (2026-11-29, docs/library.md); tuning data since
FILES_HELD_OUT_6 = (
    # two columns: a journal's template (ASME), an Elsevier double-column sample, LaTeX News,
    # LaTeX3 News
    RealPdf("two columns", _PUB, _TL + "asmejour/asmejour-template.pdf", "MIT (asmejour)"),
    RealPdf("two columns", _PUB, _TL + "els-cas-templates/doc/dc-sample.pdf", "LPPL 1.2 (els-cas-templates)"),
    RealPdf("two columns", _BAS, _TL + "base/ltnews28.pdf", "LPPL 1.3c (latex)"),
    RealPdf("two columns", _BAS, _TL + "base/ltnews32.pdf", "LPPL 1.3c (latex)"),
    RealPdf("two columns", _BAS, _TL + "base/ltnews34.pdf", "LPPL 1.3c (latex)"),
    RealPdf("two columns", _BAS, _TL + "l3kernel/l3news08.pdf", "LPPL 1.3c (l3kernel)"),
    RealPdf("two columns", _BAS, _TL + "l3kernel/l3news11.pdf", "LPPL 1.3c (l3kernel)"),
    # one column: package manuals and guides with prose (Latin, Hungarian, German, Spanish,
    # Portuguese's template in English, Russian), a journal's guide; the Spanish TeX FAQ is the
    # one file over 250 sentences (l2tabu's Spanish translation is left out)
    RealPdf("one column", _EUR, _TD + "generic/babel-latin/latin.pdf", "LPPL 1.3 (babel-latin)"),
    RealPdf("one column", _EUR, _TL + "huaz/huaz.pdf", "LPPL 1.3 (huaz)"),
    RealPdf("one column", _GER, _TL + "l2tabu/l2tabu.pdf", "other-free (l2tabu)"),
    RealPdf("one column", _GER, _TL + "schulmathematik/schulmathematik.pdf", "LPPL 1.3 (schulmathematik)"),
    RealPdf("one column", _SPA, _TD + "generic/es-tex-faq/FAQ-CervanTeX.pdf", "LPPL (es-tex-faq)"),
    RealPdf("one column", _POR, _TL + "feupphdteses/Template_EN.pdf", "LPPL (feupphdteses)"),
    RealPdf("one column", _EXT, _TL + "ncclatex/nccnews.pdf", "LPPL (ncclatex)"),
    RealPdf("one column", _PUB, _TL + "cje/cjeguide.pdf", "LPPL 1.3c (cje)"),
    # three columns: refcards not used yet (Romanian, Norwegian, Hungarian, Slovak, Ukrainian),
    # a landscape tutorial poster
    RealPdf("three columns", _REF, "debian-refcard/refcard-ro-a4.pdf.gz", "GPL-3+"),
    RealPdf("three columns", _REF, "debian-refcard/refcard-nb-a4.pdf.gz", "GPL-3+"),
    RealPdf("three columns", _REF, "debian-refcard/refcard-hu-a4.pdf.gz", "GPL-3+"),
    RealPdf("three columns", _REF, "debian-refcard/refcard-sk-a4.pdf.gz", "GPL-3+"),
    RealPdf("three columns", _REF, "debian-refcard/refcard-uk-a4.pdf.gz", "GPL-3+"),
    RealPdf("three columns", _EXT, _TL + "tcolorbox/tcolorbox-tutorial-poster.pdf", "LPPL 1.3 (tcolorbox)"),
    # slides: landscape manuals (pageslts, thumbs, 2up set two pages a sheet), a font's Greek
    # specimen in landscape, two screen-format test decks (graphicxbox); no unused deck with
    # eight sentences was found that is not a copy of a used one
    RealPdf("slides", _EXT, _TL + "pageslts/pageslts.pdf", "LPPL 1.3 (pageslts)"),
    RealPdf("slides", _EXT, _TL + "thumbs/thumbs.pdf", "LPPL 1.3 (thumbs)"),
    RealPdf("slides", _EXT, _TD + "generic/2up/2up-doc.pdf", "LPPL (2up)"),
    RealPdf("slides", _FXD, _TD + "fonts/frederika2016/testpol.pdf", "OFL (frederika2016)"),
    RealPdf("slides", _EXT, _TL + "graphicxbox/examples/grfxbox_tst.pdf", "LPPL (graphicxbox)"),
    RealPdf("slides", _EXT, _TL + "graphicxbox/examples/grfxbox_tst_indians.pdf", "LPPL (graphicxbox)"),
)

# held-out-7: chosen blind on 2026-11-29 (file name, size, pdfinfo, an early page's pdftotext
# and picture, and the truth's sentence count alone), unseen by whoever tunes the reader or the
# citation engine until it is measured once
FILES_HELD_OUT_7 = (
    # two columns: LaTeX News, LaTeX3 News, a conference paper's class (rcs), an AIAA template
    RealPdf("two columns", _BAS, _TL + "base/ltnews22.pdf", "LPPL 1.3c (latex)"),
    RealPdf("two columns", _BAS, _TL + "base/ltnews29.pdf", "LPPL 1.3c (latex)"),
    RealPdf("two columns", _BAS, _TL + "base/ltnews30.pdf", "LPPL 1.3c (latex)"),
    RealPdf("two columns", _BAS, _TL + "l3kernel/l3news03.pdf", "LPPL 1.3c (l3kernel)"),
    RealPdf("two columns", _BAS, _TL + "l3kernel/l3news06.pdf", "LPPL 1.3c (l3kernel)"),
    RealPdf("two columns", _REC, _TL + "rcs/rcs-conf.pdf", "GPL (rcs)"),
    RealPdf("two columns", _PUB, _TL + "aiaa/template_advanced.pdf", "LPPL (aiaa)"),
    # one column: package manuals and guides with prose (English, Czech, Latvian, vntex's
    # in English), a journal's article class, an SPIE paper's template, XeTeX's notes
    # (simple-thesis-dissertation's Thesis.pdf is left out: most of its sentences are in used files)
    RealPdf("one column", _PUB, _TL + "tlc-article/doc/tlc-article.pdf", "BSD-3 (tlc-article)"),
    RealPdf("one column", _FNU, "texlive-doc/fonts/fontinst/manual/intro98.pdf", "LPPL (fontinst)"),
    RealPdf("one column", _FNU, "texlive-doc/support/mf2pt1/mf2pt1.pdf", "LPPL 1.3c (mf2pt1)"),
    RealPdf("one column", _OTH, "texlive-doc/generic/vntex/vntex.pdf", "other-free (vntex)"),
    RealPdf("one column", _CZE, "texlive-doc/cstex/pdfuni-article.pdf", "other-free (cstex)"),
    RealPdf("one column", _PUB, _TL + "spie/article.pdf", "LPPL (spie)"),
    RealPdf("one column", _XE, "texlive-doc/xelatex/fixlatvian/fixlatvian.pdf", "LPPL 1.3 (fixlatvian)"),
    RealPdf("one column", _XE, "texlive-doc/xetex/base/XeTeX-notes.pdf", "X11 (xetex)"),
    # three columns: refcards not used yet (Vietnamese, Basque, Indonesian), a poster in three
    # columns, a scientific poster of boxes, a cheat sheet (tcolorbox's and flowfram's example
    # posters are left out: most of their sentences are in used files)
    RealPdf("three columns", _REF, "debian-refcard/refcard-vi-a4.pdf.gz", "GPL-3+"),
    RealPdf("three columns", _REF, "debian-refcard/refcard-eu-a4.pdf.gz", "GPL-3+"),
    RealPdf("three columns", _REF, "debian-refcard/refcard-id-a4.pdf.gz", "GPL-3+"),
    RealPdf("three columns", _XE, _TL + "xebaposter/poster.pdf", "LPPL 1.3 (xebaposter)"),
    RealPdf("three columns", _PUB, _TL + "bfh-ci/DEMO-BFHSciPoster.pdf", "LPPL 1.3c (bfh-ci)"),
    RealPdf(
        "three columns",
        _ENG,
        _TL + "tex-font-errors-cheatsheet/tex-font-cheatsheet.pdf",
        "LPPL (tex-font-errors-cheatsheet)",
    ),
    # slides: a LaTeX course's deck in Portuguese, a beamer thesis talk in Italian, landscape
    # screen-format manuals (xeindex, xesearch; juramisc's German one); beamerBCstyle.pdf is left
    # out: its sentences are all beamerPENNstyle.pdf's (held-out-2)
    RealPdf("slides", _POR, _TL + "cursolatex/cursolatex.pdf", "GPL (cursolatex)"),
    RealPdf("slides", _EXT, _TL + "beamer2thesis/beamer2thesis_ita.pdf", "LPPL (beamer2thesis)"),
    RealPdf("slides", _XE, "texlive-doc/xelatex/xeindex/xeindex.pdf", "LPPL (xeindex)"),
    RealPdf("slides", _XE, "texlive-doc/xetex/xesearch/xesearch.pdf", "LPPL (xesearch)"),
    RealPdf("slides", _HUM, _TL + "juramisc/doc/jmgerdoc_scr.pdf", "LPPL (juramisc)"),
)

# the named splits; a file in none is in tune or held-out by its path's hash (split_of)
NAMED_SPLITS: dict[str, tuple[RealPdf, ...]] = {
    "held-out-2": FILES_HELD_OUT_2,
    "held-out-3": FILES_HELD_OUT_3,
    "held-out-4": FILES_HELD_OUT_4,
    "held-out-5": FILES_HELD_OUT_5,
    "held-out-6": FILES_HELD_OUT_6,
    "held-out-7": FILES_HELD_OUT_7,
}
ALL_FILES = FILES + tuple(pdf for files in NAMED_SPLITS.values() for pdf in files)

BAND = 0.08  # the top and bottom fraction of a page where running lines are looked for
_HYPHEN = re.compile(r"(?<=[a-zà-ÿ])-\n\s*(?=[a-zà-ÿ])")
_LIGATURES = str.maketrans({"ﬀ": "ff", "ﬁ": "fi", "ﬂ": "fl", "ﬃ": "ffi", "ﬄ": "ffl"})
_DIGITS = re.compile(r"\d+")
_COMBINED = re.compile(r"[^\W\d_][\u0300-\u036f]+")  # a letter and the combining marks after it
# a space between a letter and a closing angle bracket: usrguide's meta-variable "⟨cmd⟩" is
# set "⟨cmd\/⟩", and the italic correction after some letters ("d", not "e") passes both
# extractors' space threshold ("⟨cmd ⟩" but "⟨code⟩" on one page); since method 11; and
# before ")" or ",": an italic or math-italic letter's correction, "(AP )", "(x ,y)",
# "exceptional )" (tugboat-geometry-space, tb88henderson); since method 13
_BRACKET_GAP = re.compile(r"(?<=[^\W\d_]) (?=[⟩〉),])")
_SENTENCE_TAIL = re.compile(r"[^\W\d_]*[a-zà-ÿ][.!?]$")  # one word ending a sentence: a cell's last line
# a letter, then a comma: a sentence's head, which a line of its text box continues (a card's
# cell: refcard-ru's "Вывести список пакетов," at a column's top or foot)
_RUNS_ON = re.compile(r"[^\W\d_],$")
BUILD_LINES = 3  # body lines a page needs to be judged a build of another
BUILD_LOST = 0.1  # of its body lines a page built on may lose on the next
METHOD = 14  # bump when the truth's method changes: cached truths are then made anew
Line = tuple[str, bool, bool]  # a pdfminer line: its text, in the band, its text box going on past it


# the text of the truth's code (this module from BAND on, not the file lists above it, so
# that a new split keeps the cached truths), hashed into each cached truth's name: helpers
# working on the truth at once bumped METHOD to the same number and read each other's truths
_RULES = hashlib.sha256(Path(__file__).read_bytes().partition(b"\nBAND = ")[2]).hexdigest()[:8]


def split_of(pdf: RealPdf) -> str:
    for name, files in NAMED_SPLITS.items():
        if pdf in files:
            return name
    return "held-out" if hashlib.sha256(pdf.path.encode()).digest()[0] % 2 else "tune"


def locate_file(pdf: RealPdf) -> Path | None:
    for root in (CORPUS / "root", Path("/")):
        path = root / "usr/share/doc" / pdf.path
        if path.exists():
            return path
    return None


def data_of(path: Path) -> bytes:
    import gzip

    raw = path.read_bytes()
    return gzip.decompress(raw) if path.suffix == ".gz" else raw


def _pdftotext(data: bytes) -> list[str]:
    out = subprocess.run(["pdftotext", "-enc", "UTF-8", "-", "-"], input=data, capture_output=True, check=True)
    pages = out.stdout.decode("utf-8", "replace").split("\f")
    return pages[:-1] if pages and not pages[-1].strip() else pages


def _pdfminer(data: bytes) -> tuple[list[str], list[list[Line]]]:
    """Each page's text (text boxes in pdfminer's layout order, a blank line between
    boxes) and its lines, each with whether it lies in the top or bottom band and whether
    its text box goes on past it (a line of it follows)."""
    from pdfminer.high_level import extract_pages
    from pdfminer.layout import LAParams, LTFigure, LTTextContainer, LTTextLine

    def flat(container: Any) -> Iterator[Any]:  # text inside a form (a figure) is text too
        for element in container:
            yield from flat(element) if isinstance(element, LTFigure) else [element]

    texts, lines = [], []
    for page in extract_pages(io.BytesIO(data), laparams=LAParams(all_texts=True)):
        height = page.height
        boxes, page_lines = [], []
        for element in flat(page):
            if not isinstance(element, LTTextContainer) or _off(element, page.bbox):
                continue
            boxes.append(element.get_text())
            box = [
                line
                for line in (element if not isinstance(element, LTTextLine) else [element])
                if isinstance(line, LTTextLine) and line.get_text().strip() and not _off(line, page.bbox)
            ]
            for k, line in enumerate(box):
                band = line.y0 > (1 - BAND) * height or line.y1 < BAND * height
                page_lines.append((" ".join(line.get_text().split()), band, k + 1 < len(box)))
        texts.append("\n\n".join(boxes))
        lines.append(page_lines)
    return texts, lines


def _off(item: Any, bbox: tuple[float, float, float, float]) -> bool:
    """Whether a pdfminer box lies wholly off the page (beamer-fuberlin parks a frame's
    points not yet uncovered 2,000 points away; pdftotext and viewers leave them out)."""
    return item.x1 < bbox[0] or item.x0 > bbox[2] or item.y1 < bbox[1] or item.y0 > bbox[3]


def _clean(text: str) -> str:
    """Ligatures spelt out, line-end hyphens mended, and a letter followed by combining
    marks composed (pdftotext gives an accent a font draws apart as a combining mark:
    "Einfu\u0308hrung"), and a space between a letter and a closing angle bracket, ")" or ","
    dropped (an italic correction: "⟨cmd ⟩", "(AP )", "(x ,y)"); nothing else is normalised (a Greek
    oxia stays as drawn)."""
    text = _COMBINED.sub(lambda m: unicodedata.normalize("NFC", m.group()), text)
    text = _BRACKET_GAP.sub("", text)
    return _HYPHEN.sub("", text.translate(_LIGATURES).replace("\u00ad\n", ""))


def _prose(sentence: str) -> bool:
    """Mostly letters, ending with a full stop (or ! ?) after a word with a lower-case
    letter: not a table's row read across ("Command \\sun \\earth"), nor a contents entry
    whose page number both extractors set apart ("Submitting to APS Journals I.4.")."""
    last = sentence.split()[-1]
    return (
        sum(c.isalpha() for c in sentence) >= 0.7 * len(sentence.replace(" ", ""))
        and re.search(r"[.!?][)\"'”’]*$", last) is not None
        and any(c.islower() for c in last)
    )


def _split(paragraph: str) -> list[str]:
    """A paragraph's sentences of five words or more: a stop ends one after a lower-case
    letter, a digit, ")", "]", a closing quote, "?" or "/", before an upper-case letter, of any alphabet
    ("modifié. Rechercher", "Pakete. Überschreiben" and "echo $?. Afficher", two
    reference-card cells both extractors join, are two sentences each); so does a link's
    closing "/" before a capitalised word (a cell ending with a link, then the next)."""
    out, start = [], 0
    for stop in re.finditer(r"[.!?/]\s+", paragraph):
        before, after = paragraph[stop.start() - 1 : stop.start()], paragraph[stop.end() : stop.end() + 1]
        if stop.group()[0] == "/":  # a link's end before a capitalised word: a cell's end
            if after.isupper() and not after.isdigit():
                out.append(paragraph[start : stop.end()].strip())
                start = stop.end()
            continue
        if (before.islower() or before.isdigit() or before in ')]”"?/') and after.isupper():
            out.append(paragraph[start : stop.end()].strip())
            start = stop.end()
    out.append(paragraph[start:].strip())
    return [s for s in out if len(s.split()) >= 5]


def _paragraphs(page: str) -> list[str]:
    """A page's paragraphs (blank lines apart), each cut after a heading line: one to
    three words, letters only, the first and last capitalised, before a capitalised line
    (a reference card's section title "Dpkg" or "La Red" over its first cell, a table's
    column head "Details and Usage" over its first row, which both extractors set in one
    block with it)."""
    out = []
    for block in re.split(r"\n\s*\n", page):
        lines = [ln.strip() for ln in block.split("\n") if ln.strip()]
        para: list[str] = []
        for k, line in enumerate(lines):
            para.append(line)
            following = lines[k + 1] if k + 1 < len(lines) else ""
            words = line.split()
            if (
                len(words) <= 3
                and all(w.isalpha() for w in words)
                and ((words[0][0].isupper() and words[-1][0].isupper()) or len(words) == 1)
                and following[:1].isupper()
            ):
                out.append(" ".join(para))
                para = []
        out.append(" ".join(para))
    return [p for p in out if p]


def _sentences(page: str) -> list[str]:
    out = []
    for para in _paragraphs(_clean(page)):
        out += [s for s in _split(" ".join(para.split())) if _prose(s)]
    return out


def _running(lines: list[list[Line]]) -> tuple[list[list[str]], list[list[str]]]:
    """Each page's running lines, and its running lines of digits alone (not counted).
    A line's recurrence is counted over the document's distinct pages: pages that are
    builds of one another (`_builds`) count once, as a frame's overlays."""
    group = _builds(lines)
    pages: defaultdict[str, set[int]] = defaultdict(set)
    for n, page in enumerate(lines):
        for text, band, _ in page:
            if band:
                pages[_DIGITS.sub("#", text.lower())].add(group[n])
    distinct = len(set(group))
    need = max(2, min(3, distinct // 2), distinct // 5)  # a slide's title over a frame's overlays is not
    running, numbers = [], []
    for page in lines:
        found = [
            text
            for text, band, goes_on in page
            if band
            and len(pages[_DIGITS.sub("#", text.lower())]) >= need
            and not _SENTENCE_TAIL.match(text)
            and not (goes_on and _RUNS_ON.search(text))
        ]
        running.append([text for text in found if re.search(r"[^\W\d_]{2}", text)])
        numbers.append([text for text in found if not re.search(r"[^\W\d_]{2}", text)])
    return running, numbers


def _builds(lines: list[list[Line]]) -> list[int]:
    """Each page's build, numbered: a page whose body lines (outside the band, digits
    masked; `BUILD_LINES` at least) stand all but a tenth on the next page is built on by
    it, as a frame's overlays or frames that each add a point (beamer-verona's seven
    "Options" frames, its headline shown on them alone), and the two are one build."""
    bodies = [{_DIGITS.sub("#", text.lower()) for text, band, _ in page if not band} for page in lines]
    build, out = 0, []
    for n, body in enumerate(bodies):
        before = bodies[n - 1] if n else set()
        build += not (len(before) >= BUILD_LINES and len(before - body) <= BUILD_LOST * len(before))
        out.append(build)
    return out


def _without(text: str, gone: list[str]) -> str:
    """``text`` less each running line, once, as whole lines, which pdftotext may have
    set on two ("T. Görlach" and "Inst." of one footer): a section's name in the
    navigation bar goes, the same name in the outline stays."""
    for line in gone:
        words = r"\s+".join(map(re.escape, line.split()))
        text = re.sub(rf"(?m)^[ \t]*{words}[ \t]*(?:\n|$)", "", text, count=1)
    return text


def _whole(pages: list[str]) -> str:
    """A document's text as the sentences are cut from it: each page cleaned, then all of
    it whitespace-normalised (one space between pages)."""
    return " ".join(" ".join(_clean(page).split()) for page in pages)


def _truth_sentences(poppler: list[str], miner: list[str]) -> list[tuple[str, int]]:
    """The sentences both extractors give identically on the same page, each with its
    page, whose text occurs once in each extractor's whole text, as a substring
    (whitespace-normalised): a sentence whose words stand elsewhere too, inside a longer
    sentence or on another page (papertex's placeholder Latin), is not truth, as the
    reader's copy found and the copy cited may differ; since method 12."""
    whole = (_whole(poppler), _whole(miner))
    per_page = [(_sentences(a), set(_sentences(b))) for a, b in zip(poppler, miner, strict=False)]
    return [
        (s, n)
        for n, (a, b) in enumerate(per_page, start=1)
        for s in a
        if s in b and all(text.count(s) == 1 for text in whole)
    ]


def truth_of(pdf: RealPdf, data: bytes) -> Truth:
    """The file's truth from pdftotext and pdfminer.six (cached beside the corpus)."""
    digest = hashlib.sha256(data).hexdigest()[:20]
    cache = CORPUS / "truth" / f"{digest}-{METHOD}-{_RULES}.json"
    if cache.exists():
        saved = json.loads(cache.read_text(encoding="utf-8"))
    else:
        poppler = _pdftotext(data)
        miner, lines = _pdfminer(data)
        sentences = _truth_sentences(poppler, miner)
        running, numbers = _running(lines)
        body = [
            _without(_clean(text), gone + digits) for text, gone, digits in zip(poppler, running, numbers, strict=False)
        ]
        body += [_clean(text) for text in poppler[len(running) :]]
        saved = {"sentences": sentences, "running": running, "body": body}
        cache.parent.mkdir(parents=True, exist_ok=True)
        # written whole, then renamed: a test or benchmark reading the cache meanwhile
        # (another process making the same truth) never reads half a file
        partial = cache.with_suffix(f".{os.getpid()}.part")
        partial.write_text(json.dumps(saved), encoding="utf-8")
        os.replace(partial, cache)
    truth = Truth(pdf.kind, Path(pdf.path).name.removesuffix(".gz").removesuffix(".pdf"), data)
    truth.sentences = [(s, n) for s, n in saved["sentences"]]
    truth.last_page = {s: n for s, n in truth.sentences}
    truth.running = saved["running"]
    truth.body = saved["body"]
    return truth


def corpus(split: str) -> tuple[dict[str, list[tuple[RealPdf, Truth]]], list[RealPdf]]:
    """The split's files with their truth per layout kind, and the files missing."""
    by_kind: dict[str, list[tuple[RealPdf, Truth]]] = defaultdict(list)
    missing = []
    for pdf in ALL_FILES:
        if split_of(pdf) != split:
            continue
        path = locate_file(pdf)
        if path is None or shutil.which("pdftotext") is None:
            missing.append(pdf)
            continue
        by_kind[pdf.kind].append((pdf, truth_of(pdf, data_of(path))))
    return by_kind, missing
