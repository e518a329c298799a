"""Blind paraphrased claims about the held-out-5 real PDFs, for the citing part of the
PDF benchmark (benchmarks/pdf_real.py, ``FILES_HELD_OUT_5``, ``--split held-out-5``).

Each pairs a truth sentence of a held-out-5 file (exactly as ``truth_of`` gives it, truth
method 13; the page it lies on, noted above it, is the page a citation of the claim
should name) with a claim written by hand in other words.

Written 2026-11-29 by two engineers (two and three columns; one column and slides), blind:
from the truth sentences only (/work/heldout5-truth.txt, outside the repo), without
reading the reader's or the citation engine's code (search/, reference/, worker/),
without opening the PDFs and without running deepref or any benchmark on these files.
196 claims over every held-out-5 file, spread over each file's pages: two columns 50,
one column 56, three columns 40, slides 50 (no file more than 14). Most restate the
whole sentence in other words; some keep only the main part of a long one or sum it up
in plain words, as a user's answer sentence would (a command's, option's or file's name
stays where nothing else names it). A claim is in the sentence's language (Greek,
Russian, Polish and Danish on the cards; Polish, Italian and French in one column).
Bibliography entries, placeholder text and a card's English lines that several cards
share have no claim. A key is a truth sentence of one held-out-5 file only;
tests/benchmarks/test_pdf_real_claims.py checks every key against the truth when the
corpus is installed.

The first draft restated too many of its sentences' own words (word-set Jaccard with the
sentence 0.37 / 0.39 on average against 0.23-0.29 in held-out-2 to held-out-4); before
any measurement, the same day, every claim over 0.35 was rewritten in other words by two
more engineers under the same blindness (mean 0.21 / 0.25, none over 0.35), chosen by
that overlap alone."""

from __future__ import annotations

PARAPHRASES: dict[str, str] = {
    # texlive-doc/latex/multibibliography/tug-paper.pdf (two columns)
    # page 1
    "We reject this false dichotomy, and describe a multibibliography, comprising alphabetic, "
    "sequenced, and also chronological orderings of references.": (
        "Refusing that either-or choice, the authors propose a multibibliography that sorts cited "
        "works three ways: by author name, by order of mention, and by date."
    ),
    # page 1
    "It is possible to imagine a third option: ordering the citation primarily accordingly to "
    "publication year, thus showing the chronology of the progress in the field.": (
        "A third way could also be imagined, in which citations are sorted mainly by year of "
        "publication so that the progress of the field is shown over time."
    ),
    # page 2
    "The fully crossed hyperreferential links are a convenient way of establishing the context of "
    "references, seamlessly expressing citations’ appearances in the document and in time.": (
        "Cross-linking every citation with hyperlinks is a handy way to put references in context, "
        "showing where in the document and when in time each one is cited."
    ),
    # page 3
    "Hollow arrowheads represent links provided by backref; solid arrowheads represent links provided "
    "by the multibibliography package.": (
        "In the figure, links that come from backref are drawn with open arrowheads, while those "
        "supplied by the multibibliography package have filled ones."
    ),
    # texlive-doc/latex/latex-brochure/brochure-a4.pdf (two columns)
    # page 1
    "LATEX is completely free, and has been the tried and tested solution for over 25 years.": (
        "LaTeX costs nothing and has been a proven, well-tested solution for more than a quarter of a century."
    ),
    # page 1
    "You only have to define a pattern once, and all further occurrences then follow that style, "
    "giving it unrivalled consistency: the key to professional-looking output.": (
        "Define a style just once and every later instance looks identical; that unmatched uniformity "
        "is what makes documents look professional."
    ),
    # page 2
    "Using the XELATEX processor (included on the DVD), you can also use all your TrueType and OpenType fonts.": (
        "XeLaTeX, which ships on the disc, lets you use any TrueType or OpenType typeface too."
    ),
    # page 2
    "Non-Latin types include Japanese, Chinese, Devanagari, Urdu, Thai, Vietnamese, Coptic, Cyrillic, "
    "Greek, and many other languages and alphabets, including mixed bi-directional Arabic and Hebrew.": (
        "Lots of non-Roman writing systems work, from East Asian and Indic scripts to Greek and "
        "Cyrillic, even mixed right-to-left Arabic with Hebrew."
    ),
    # page 2
    "The calculations of the underlying TEX formatting engine are very precise: it works internally in "
    "microunits smaller than the wavelength of visible light (≈53.6Å), resulting in great accuracy in "
    "positioning.": (
        "TeX computes with tiny internal units, finer than a light wave, so things get placed on the "
        "page extremely exactly."
    ),
    # page 3
    "LATEX’s tables and figures follow the standard publishers’ practice of ‘floating’, so if there is "
    "no room on the current page, they automatically float to the next.": (
        "As publishers usually do, LaTeX lets floats such as a table or figure move on automatically "
        "to a following page whenever the present one is full."
    ),
    # page 3
    "Pictures can be included with scaling, rotation, and clipping, using industry standard PDF or EPS "
    "vector formats for diagrams, or PNG or JPG bitmaps for pictures.": (
        "Images can be brought in resized, turned or cropped: vector PDF/EPS suits diagrams, raster "
        "PNG/JPG suits photos."
    ),
    # page 3
    "Unlike some wordprocessor manufacturers’ proprietary file formats, LATEX uses plaintext (ASCII or "
    "Unicode) files which can be created and updated with any editor anywhere, and moved between "
    "different systems without danger of information loss or corruption.": (
        "LaTeX sources are plain text rather than a vendor's closed format, so any editor on any "
        "machine can write or modify them, and moving them across platforms won't corrupt anything."
    ),
    # page 4
    "The TEX Users Group (TUG) TUG membership is $85 a year (individual), $55 (students, new "
    "graduates, seniors, and citizens of countries with modest economies), $100 (non-voting, eg "
    "libraries), or $500 (institutional, up to eight named memberships).": (
        "Joining TUG costs an individual $85 per year; students, recent graduates, seniors and people "
        "from poorer countries pay $55, non-voting members like libraries $100, and institutions $500."
    ),
    # texlive-doc/latex/latex-doc-ptr/latex-doc-ptr.pdf (two columns)
    # page 1
    "For distributions, your choices are TEX Live on a Unix system, including GNU/Linux, or on "
    "Windows, or the related MacTEX on Macintosh, or MiKTEX on Windows or a Unix system.": (
        "You can pick TeX Live (Unix/Linux or Windows), its Mac sibling MacTeX, or MiKTeX (Windows or Unix)."
    ),
    # page 1
    "Questions If you are stuck on an issue, the TEX-LATEX Stack Exchange site and the mailing list "
    "texhax@tug.org are where knowledgeable people hang out.": (
        "Stuck? Experts answer on TeX–LaTeX Stack Exchange or via texhax@tug.org."
    ),
    # page 2
    "To handle scientific units, use siunitx29 (which also has a table column type for aligning on a decimal point).": (
        "The siunitx package typesets scientific units and even provides a column type that lines "
        "figures up at the decimal mark."
    ),
    # page 3
    "To make presentations, use the beamer49 class. (However, with this package you are entering "
    "another world, where many of the packages discussed here do not work.": (
        "Presentations are made with the beamer class."
    ),
    # page 3
    "Pronounce LATEX as “la-tech” or “lay-tech,” with emphasis on either syllable.": (
        "'La-tech' and 'lay-tech' are both fine for LaTeX, stressed at whichever part you like."
    ),
    # texlive-doc/otherformats/startex/ideas.pdf (two columns)
    # page 1
    "They are very terse at best, and since they are sometimes produced by LATEX and at other times by "
    "TEX, understanding the messages requires reasonably good knowledge of both systems.": (
        "The error messages are cryptic at best, and since either LaTeX or TeX may emit them, you need "
        "a decent grasp of both to interpret them."
    ),
    # page 2
    "I could have used any bracketing symbol pair, like [xxx] or {xxx} or /xxx\\, but I chose <xxx> "
    "because it resembles HTML and because < and > are not used very frequently.": (
        "The author picked <xxx> over other bracket pairs such as [xxx] or {xxx} because it looks like "
        "HTML and the < and > characters are rarely used."
    ),
    # page 3
    "Paragraph separation It was decided to use <p> to separate paragraphs, as in HTML. Even though "
    "the blank line used by (LA)TEX is easier to type, it does cause problems with indentation of the "
    "paragraph following an environment like a list.": (
        "Paragraph breaks are marked with <p> as HTML does; (La)TeX's empty line is quicker to type "
        "but messes up indenting after something like a list."
    ),
    # page 5
    "StarTEX sets its standard parameters for very loose typesetting with high values for \\tolerance "
    "and \\emergencystretch.": (
        "By default StarTeX typesets very loosely, setting \\tolerance and \\emergencystretch high."
    ),
    # page 6
    "Most simple errors are handled by StarTEX, but grave ones still confuse it.": (
        "StarTeX deals with the majority of minor mistakes, though severe ones still trip it up."
    ),
    # texlive-doc/latex/svg-inkscape/InkscapePDFLaTeX.pdf (two columns)
    # page 1
    "Inkscape can export the graphics to PDF/EPS/PS, and the text to a LATEX file.": (
        "Inkscape writes the picture out as PDF, EPS or PS, placing its labels in a separate LaTeX file."
    ),
    # page 1
    "But, the programming nature of drawing with TikZ is not liked by many, and most will turn to a "
    "vector graphics drawing program, such as Inkscape.": (
        "Many people dislike TikZ because drawing with it means writing code, so most reach for a "
        "vector editor like Inkscape."
    ),
    # page 2
    "If the text has a fill colour, this colour will be exported to LATEX as an RGB colour.": (
        "A text's fill colour is carried over into LaTeX in RGB form."
    ),
    # page 2
    "It is strongly recommended to use this ‘exported area is drawing’ option, because text will not "
    "be clipped to the page size.": (
        "Choosing the 'exported area is drawing' setting is highly advisable, as it keeps labels from "
        "being cut off at the page edges."
    ),
    # page 3
    "A workaround is drawing a rectangle with zero stroke width as bounding box around the drawing.": (
        "To get around this, put a rectangle whose outline has no thickness around the picture so it "
        "serves as its bounds."
    ),
    # texlive-doc/bibtex/economic/oegatb-ex.pdf (two columns)
    # page 1
    "The length of the short paper is maximally two pages.": ("A short paper may be at most two pages long."),
    # page 1
    "The abstract should not exceed ca. 200 words, which corresponds to the double length of this example.": (
        "Keep the abstract to roughly 200 words, about twice this sample's length."
    ),
    # page 1
    "Do not change the font sizes or line spacing to squeeze more text into a limited number of pages.": (
        "Don't shrink type or tighten spacing between lines to fit extra material within the page limit."
    ),
    # page 1
    "Place figure captions below the figures; place table titles above the tables.": (
        "Figure captions go underneath, while table titles sit on top."
    ),
    # page 2
    "Do not abbreviate “Table.” Tables are numbered with Roman numerals.": (
        "The word “Table” is never abbreviated, and tables get Roman numerals."
    ),
    # page 2
    "Color printing of figures is not available.": ("Figures cannot be printed in colour."),
    # page 2
    "If you use percentages, please do not include a space between the number and the percentage sign "
    "(e.g. 20% of farmers).": ("Put the percent sign right after the number, without any gap."),
    # page 2
    "Reference list A complete list of the references cited in the text must be arranged "
    "alphabetically at the end of your paper under the heading References.": (
        "Every work cited must appear at the end in an alphabetical list headed References."
    ),
    # texlive-doc/latex/tex-overview/tex-overview.pdf (two columns)
    # page 1
    "This paper tries to give an overview of the development of TEX and related programs.": (
        "The paper sets out to sketch the history of TeX and the software around it."
    ),
    # page 3
    "It is important to keep in mind that an editor alone can not convert a .tex file into a pdf or "
    "any other output format, but always needs the programs as discussed below, most notably an engine "
    "that does all the work.": (
        "An editor alone cannot produce PDF or other output from a .tex source; that always requires "
        "additional programs, chiefly an engine doing the real processing."
    ),
    # page 3
    "The original program is TEX, the most famous derivative is pdfTEX, while LuaTEX is the latest successor.": (
        "TeX came first, pdfTeX is its best-known offshoot, and LuaTeX is the newest successor."
    ),
    # page 4
    "How to read this document This document consists of several graphs showing the development of "
    "software more or less directly related to TEX. The graphs try to show the time development "
    "(downwards), as well as dependencies, changes, etc.": (
        "The document's charts trace TeX-related software, with time running downwards and "
        "dependencies and changes also marked."
    ),
    # page 5
    "Unfortunately, there is no unique way to get hover-over tooltips to work in all PDF viewers, but "
    "each of them has its own way to present the information.": (
        "Mouse-over tooltips behave differently in each PDF viewer; no single method works everywhere."
    ),
    # page 5
    "In the tooltips, you will not see any colons even if they would make sense – this is because a "
    "colon leads to an error and the tooltip will not be displayed.": (
        "Colons are left out of tooltips even where they'd be sensible, since one would cause an error "
        "and stop the tooltip from showing."
    ),
    # page 8
    "I had to work hard on the arrangement to show both chronological order and code dependence, and "
    "for now only the code dependence is (should be) correct.": (
        "Getting the layout to reflect both chronology and which code depends on which took much "
        "effort, and currently only the dependencies are supposedly right."
    ),
    # page 26
    "Born in 1978 by Donald Erwin Knuth.": ("Knuth created TeX in 1978."),
    # page 27
    "LuaJITTeX is a LuaTeX based on LuaJIT.": ("LuaJITTeX — LuaTeX variant built upon LuaJIT."),
    # page 29
    "The expl3 bundle is the ground stock of LaTeX3.": ("LaTeX3 builds upon expl3."),
    # page 31
    "A macro package developed at MIT. Pronounced “why-TeX”, “upsilon-TeX” or “oops-TeX”.": (
        "An MIT-built set of macros whose name is said as why-TeX, upsilon-TeX, oops-TeX."
    ),
    # page 34
    "A python implementation of BibTeX.": ("This is BibTeX reimplemented in Python."),
    # page 36
    ".bcf Temp file produced by the biblatex package to store information for bibliography settings.": (
        "biblatex writes a temporary .bcf file holding the bibliography configuration."
    ),
    # page 37
    "E. g. calling the command latex on the command line will start the PDFε-TEX engine2 in DVI mode "
    "with the format LATEX 2ε.": (
        "Typing latex at the shell, for instance, launches pdfeTeX in DVI mode using the LaTeX2e format."
    ),
    # texlive-doc/latex/latexcheat/latexsheet.pdf (three columns)
    # page 1
    "Used at the very beginning of a document: \\documentclass{class}. Use \\begin{document} to start "
    "contents and \\end{document} to end the document.": (
        "First comes \\documentclass{class}; the body goes inside \\begin{document} … \\end{document}."
    ),
    # page 1
    "Miscellaneous \\pagestyle{empty} Empty header, footer and no page numbers.": (
        "\\pagestyle{empty}: blank head and foot areas, unnumbered pages."
    ),
    # page 1
    "Tab stops can be set on “invisible” lines with \\kill at the end of the line.": (
        "Ending a line with \\kill makes it an unprinted line used just to fix tab positions."
    ),
    # page 2
    "Tech report, usually numbered in series.": ("Technical report, typically part of a numbered series."),
    # texlive-doc/latex/latex-refsheet/LaTeX_RefSheet.pdf (three columns)
    # page 1
    "Linespread with setspace Load: \\usepackage[onehalfspacing]{setspace} for 1.5 line spacing.": (
        "\\usepackage[onehalfspacing]{setspace} gives one-and-a-half line spacing."
    ),
    # page 1
    "Paragraphs (≈ “new idea in content”) Paragraphs are separated by an empty line in the code or by \\par.": (
        "A new paragraph starts after a blank source line or the \\par command."
    ),
    # page 2
    "Suppress Floating with float For a thesis most students want to control the placing of figures "
    "and tables themselves.": (
        "Students writing dissertations mostly like deciding where each figure and table goes, so the "
        "float package can switch floating off."
    ),
    # page 3
    "Font Combinations Rule: Use serif fonts for long body text and sans-serif for headings.": (
        "Lengthy passages should get a typeface with serifs, titles a sans-serif one."
    ),
    # page 3
    "Hint: Add \\KOMAoptions{DIV=last} after loading a font package.": (
        "Follow any typeface package with \\KOMAoptions{DIV=last}."
    ),
    # page 4
    "The logo with the TEX lion is sketched by Duane Bibby, https://mirror.ctan.org/ lion/files; the "
    "graphic of a header of a page is from the KOMA-Script documentation, file scrlayer-scrpage.tex; "
    "the page layout image is done by using the package layout and the command \\layout and the red "
    "lines and red text added with a graphics program.": (
        "Duane Bibby drew the lion in the logo, and the page-head illustration was taken from "
        "KOMA-Script's manual (scrlayer-scrpage.tex)."
    ),
    # debian-refcard/refcard-el-a4.pdf.gz (three columns)
    # page 1
    "Δείχνει σε ποιο πακέτο ανήκει ένα συγκεκριμένο αρχείο.": (
        "Εντοπίζει το πακέτο από το οποίο προέρχεται κάποιο αρχείο."
    ),
    # page 1
    "Εγγραφή των επιλογών των πακέτων σε ένα αρχείο.": ("Σώζει σε αρχείο ποια πακέτα έχουν επιλεγεί."),
    # page 1
    "Αντιγραφή αρχείων σε ένα άλλο μηχάνημα (και αντίστροφα).": (
        "Μεταφέρει αρχεία σε έναν άλλο υπολογιστή ή από αυτόν."
    ),
    # page 2
    "Όλα τα αρχεία ρυθμίσεων του συστήματος βρίσκονται στον κατάλογο /etc/.": (
        "Οι ρυθμίσεις όλου του συστήματος φυλάσσονται σε αρχεία μέσα στο /etc/."
    ),
    # page 2
    "Δημιουργία (c), αποσυμπίεση (x), εμφάνιση περιεχομένων (t) συμπιεσμένων αρχείων, z για .gz, j για "
    ".bz2, J για .xz.": (
        "Με c φτιάχνεται, με x αποσυμπιέζεται και με t απαριθμείται το περιεχόμενο ενός συμπιεσμένου "
        "αρχείου· z σημαίνει .gz, j .bz2, J .xz."
    ),
    # page 2
    "Εκτελέστε μια εντολή με δικαιώματα υπερχρήστη σαν απλός χρήστης, δείτε το /etc/sudoers.": (
        "Επιτρέπει σε κοινό χρήστη να τρέξει εντολές ως root· σχετικό αρχείο: /etc/sudoers."
    ),
    # page 2
    "Ανανέωση της λίστας των πακέτων από τα αποθετήρια όπως αναγράφονται στο αρχείο /etc/apt/sources.list.": (
        "Φέρνει ενημερωμένο κατάλογο διαθέσιμου λογισμικού από τις πηγές που ορίζει το /etc/apt/sources.list."
    ),
    # page 2
    "Εγκατάσταση πακέτων από τα αποθετήρια μαζί με όλες τις εξαρτήσεις τους.": (
        "Εγκαθιστά από τα αποθετήρια τα πακέτα και όσα άλλα πακέτα αυτά χρειάζονται."
    ),
    # debian-refcard/refcard-ru-a4.pdf.gz (three columns)
    # page 1
    "Поиск пакетов, содержащих данный файл.": ("Находит пакеты, в которых есть указанный файл."),
    # page 1
    "Графический интерфейс APT, нужен пакет synaptic.": ("Для графической оболочки APT требуется установить synaptic."),
    # page 1
    "Показать и изменить настройки сетевых интерфейсов и маршрутизации, нужен пакет iproute2.": (
        "Позволяет просматривать и менять сетевые интерфейсы и маршруты; для этого требуется iproute2."
    ),
    # page 1
    "Текст лицензии можно найти по адресу https://www. gnu.org/copyleft/gpl.html и в файле /usr/share/ "
    "common-licenses/GPL-3.": (
        "Лицензию, помимо сайта GNU, можно прочесть локально: /usr/share/common-licenses/GPL-3."
    ),
    # page 2
    "Все файлы настройки системы находятся в каталоге /etc/.": ("Вся конфигурация ОС хранится в /etc/."),
    # page 2
    "Перенастроить пакет, например keyboard-configuration (клавиатуру), locales (локализацию).": (
        "Повторно конфигурирует пакет — скажем, keyboard-configuration для клавиатуры или locales для "
        "языковых настроек."
    ),
    # page 2
    "Установить пакеты из репозитория со всеми зависимостями.": (
        "Ставит ПО из хранилища, подтягивая всё, что ему требуется."
    ),
    # page 2
    "Подобна apt upgrade, но с продвинутым механизмом разрешения конфликтов.": (
        "То же, что apt upgrade, только умнее улаживает конфликты."
    ),
    # debian-refcard/refcard-pl-a4.pdf.gz (three columns)
    # page 1
    "Graficzny interfejs dla APT, wymaga synaptic.": ("Do graficznej nakładki na APT potrzebny jest pakiet synaptic."),
    # page 1
    "Wymuszenie innej wersji pliku niż w pakiecie.": (
        "Pozwala wymusić wersję pliku inną niż ta dostarczona przez pakiet."
    ),
    # page 1
    "Zapis zaznaczeń pakietów do pliku.": ("Zapisuje do pliku, które pakiety zostały zaznaczone."),
    # page 1
    "Wszystkie informacje dotyczące aktualnych i naprawionych błędów.": (
        "Zawiera wszystko o błędach istniejących i już poprawionych."
    ),
    # page 2
    "Aktualizacja listy pakietów na podstawie repozytoriów, określonych w /etc/apt/sources.list.": (
        "Odświeża spis dostępnego oprogramowania ze źródeł wskazanych przez /etc/apt/sources.list."
    ),
    # page 2
    "Instalacja najnowszych wersji wszystkich aktualnie zainstalowanych pakietów.": (
        "Instaluje najnowsze wersje wszystkich pakietów, które są obecnie zainstalowane."
    ),
    # page 2
    "Usuwanie pakietów, które nie są już wymagane przez inne pakiety.": (
        "Kasuje zbędne oprogramowanie, od którego nic więcej nie zależy."
    ),
    # debian-refcard/refcard-da-a4.pdf.gz (three columns)
    # page 1
    "Kort hjælp til de fleste kommandoer.": ("Giver en kortfattet vejledning til størstedelen af kommandoerne."),
    # page 1
    "Her findes hele dokumentationen, den valgfri fil README.Debian indeholder mere specifikke ting.": (
        "Den samlede dokumentation ligger her, mens en eventuel README.Debian giver mere detaljeret information."
    ),
    # page 1
    "Dette dokument må benyttes under betingelserne i GNU General Public License, version 3 eller nyere.": (
        "Man kan bruge teksten på vilkårene i GNU GPL v3 eller en senere udgave."
    ),
    # page 2
    "Rapporter en fejl pr. e-post.": ("Indsend en fejlrapport med mail."),
    # page 2
    "Vis alle pakker, der kræver den angivne pakke.": ("Lister samtlige pakker som afhænger af den valgte pakke."),
    # page 2
    "Krævet når denne fil, eller indholdet af arkiverne, ændrer sig.": (
        "Nødvendig hver gang filen selv eller arkivernes indhold opdateres."
    ),
    # page 2
    "Som apt upgrade, men med avanceret konfliktløsning.": (
        "Svarer til apt upgrade, blot med klogere håndtering af konflikter."
    ),
    # texlive-doc/latex/webguide/webguide.pdf (one column)
    # page 2
    "Documents written using LaTeX [Lam94] tagging can be easily converted to PostScript, PDF and "
    "HTML, all from the single electronic source.": (
        "A single LaTeX file can serve as the origin for PostScript, PDF and HTML versions without much trouble."
    ),
    # page 3
    "In the vast majority of cases the final printable format has been PostScript, obtained by running "
    "the *.dvi file through a program like dvips, to generate a *.ps file.": (
        "Usually people ended up printing PostScript, produced by feeding the DVI output to a converter like dvips."
    ),
    # page 3
    "This means that it is inherently more difficult, time consuming, and computer intensive, to "
    "process PostScript than either DVI or PDF. This is probably the reason behind the popularity of "
    "PDF on the Web.": (
        "Because PostScript is a full programming language, processing it takes more effort, time and "
        "computing power than DVI or PDF, which likely explains why PDF caught on for the Web."
    ),
    # page 3
    "The Ghostscript distribution comes with a script called ps2pdf which performs the conversion.": (
        "ps2pdf, shipped as part of Ghostscript, turns PostScript into PDF."
    ),
    # page 4
    "Mark Wicks’ dvipdfm program (http://odo.kettering.edu/dvipdfm) converts a *.dvi file to a *.pdf file.": (
        "Mark Wicks wrote dvipdfm, a tool that turns DVI output into PDF."
    ),
    # page 5
    "All that is necessary is to add \\usepackage{times} to the document’s preamble.": (
        "Switching to Times just means putting \\usepackage{times} in the preamble."
    ),
    # page 7
    "However, for processing through pdfLaTeX, the files must have a .mps extension; for example "
    "fred1.mps, fred2.mps and fred3.mps.": (
        "pdfLaTeX needs MetaPost output files to carry an .mps extension, such as fred1.mps, fred2.mps and fred3.mps."
    ),
    # page 9
    "The program is written in C and so requires a C compiler for installation.": (
        "Installing ltx2x needs a C compiler, since its source is C."
    ),
    # page 10
    "The system comes with a script called htlatex which controls the conversion process from LaTeX; "
    "there is also the httex script for converting a TeX document.": (
        "TeX4ht provides the htlatex script to drive conversion from LaTeX, plus an httex script for "
        "plain TeX documents."
    ),
    # page 10
    "I asked TeX4ht to generate this particular figure at 180dpi instead of the default 110dpi to "
    "improve the quality.": (
        "The author had TeX4ht render this figure at 180 dpi rather than its usual 110 dpi so it would look better."
    ),
    # texlive-doc/latex/polski/polski.pdf (one column)
    # page 2
    "Jeżeli wzorce przenoszenia nie zostaną znalezione, pakiet polski wypisuje komunikat o błędzie i "
    "blokuje przenoszenie wyrazów.": (
        "Gdy pakiet polski nie odnajdzie wzorców przenoszenia, zgłasza błąd i wyłącza dzielenie wyrazów."
    ),
    # page 2
    "Notacja ta, wprowadzona w MEXu przez Ryćkę i Jackowskiego, pozwala na zapisywanie polskich liter "
    "w postaci dwóch znaków ukośnik oraz litera.": (
        "Wprowadzona przez Ryćkę i Jackowskiego w MeX-u notacja pozwala zapisać polską literę jako "
        "ukośnik, po którym następuje litera."
    ),
    # page 3
    "Zmieniona zostaje też definicja makra \\today tak, aby data była drukowana po polsku.": (
        "Makro \\today zostaje przedefiniowane, by datę drukować w języku polskim."
    ),
    # page 3
    "Według polskich zwyczajów myślnik powinien być otoczony odstępami wielkości 2pt, oraz nie należy "
    "rozpoczynać wiersza tekstowego myślnikiem.": (
        "Zgodnie z polską tradycją myślnik otaczają odstępy o szerokości 2pt i nie powinien on otwierać wiersza."
    ),
    # page 3
    "W polskich zwyczajach typograficznych odstęp po kropce między zdaniami powinien być taki sam jak "
    "pomiędzy wyrazami w środku zdania, dlatego pakiet woła makro \\frenchspacing.": (
        "Ponieważ po polsku odstęp po kropce kończącej zdanie ma być równy zwykłemu odstępowi "
        "międzywyrazowemu, pakiet wywołuje \\frenchspacing."
    ),
    # page 4
    "Dla pełności jest też definiowane makro \\arccot, którego z tajemniczych przyczyn nie ma w wersji oryginalnej.": (
        "Dla kompletu pakiet definiuje też \\arccot, którego z niewyjaśnionych powodów brakuje w oryginale."
    ),
    # page 7
    "At some point in time luaLATEX stopped preloading hyphenation patterns in the format file.": (
        "Eventually luaLaTeX quit building hyphenation patterns into its format file in advance."
    ),
    # page 11
    "We provide macro \\dywiz which gives proper hyphenation of compound words.": (
        "The package supplies a \\dywiz macro so that compound words are hyphenated correctly."
    ),
    # page 16
    "We assume, that if there is OT4cmr.def file on the system, there are also fonts installed.": (
        "Finding OT4cmr.def installed is taken to mean the matching fonts are present too."
    ),
    # texlive-doc/latex/cnbwp/cnbwp-manual-en.pdf (one column)
    # page 4
    "Once the file has been extracted, the file database usually needs to be refreshed using the mktexlsr command.": (
        "After extracting the archive you will usually have to refresh the file name database by running mktexlsr."
    ),
    # page 6
    "By default, tables and figures are numbered nonhierarchically.": (
        "Unless told otherwise, the class numbers tables and figures in a single sequence, not by section."
    ),
    # page 8
    "The \\DeclareRobustCommand command is especially useful for defining macros.": (
        "\\DeclareRobustCommand comes in particularly handy when you create macros."
    ),
    # page 12
    "The natbib package requires round brackets in the optional parameter.": (
        "With natbib, parentheses must be used inside the optional argument."
    ),
    # page 14
    "Curly brackets are often used in database files destined for processing by BibTEX in order to "
    "prevent conversion to upper-case or lower-case letters.": (
        "BibTeX database files often put text in curly braces so that its letter case is not changed."
    ),
    # page 16
    "The \\includegraphics macro has one required parameter – the name of the file containing the figure.": (
        "\\includegraphics takes just a single mandatory argument: the figure's file name."
    ),
    # page 17
    "Vector images must be prepared in PDF format.": ("Vector graphics have to be supplied as PDF files."),
    # page 18
    "The PNG format, used in the central image, uses a lossless compression algorithm.": (
        "The middle picture is a PNG, whose compression discards no data."
    ),
    # page 20
    "Graphics formats with lossy compression should be used solely for colour photos and nothing else!": (
        "Reserve lossy image formats exclusively for colour photographs."
    ),
    # page 21
    "The standard Windows XP installation includes a large number of PostScript printer drivers.": (
        "Out of the box, Windows XP bundles lots of drivers for PostScript printers."
    ),
    # page 24
    "The tabular environment does not offer this option, but a solution can be found by using the dcolumn package.": (
        "tabular cannot align numbers this way, but the dcolumn package solves the problem."
    ),
    # page 26
    "It was originally implemented in the here package, but this is no longer in the standard distributions.": (
        "That feature first came from the here package, which no longer ships with standard distributions."
    ),
    # page 30
    "Adobe Distiller tends to produce better results than PDFWriter, although for short documents the "
    "difference is not usually significant.": (
        "Distiller generally yields nicer PDFs than PDFWriter, though for brief texts you rarely notice."
    ),
    # page 31
    "Do not use file names that contain spaces and/or diacritics.": (
        "Avoid blanks and accented characters when naming files."
    ),
    # texlive-doc/latex/layaureo/layaureo.pdf (one column)
    # page 1
    "LayAureo fornisce un metodo semplice per aggiungere lo spazio richiesto per la rilegatura e un "
    "opzione per forzare al massimo il riempimento della pagina.": (
        "Il pacchetto permette in modo facile di lasciare il margine necessario a rilegare il volume e "
        "offre anche un'opzione per sfruttare al massimo la superficie del foglio."
    ),
    # page 4
    "Si ricorda a tal fine soprattutto geometry, ma anche vmargin o le classi della collezione "
    "KOMA-script e la bellissima e versatile classe memoir.": (
        "Tra gli strumenti citati spiccano geometry e vmargin, insieme alle classi KOMA-script e a "
        "memoir, lodata come splendida e flessibile."
    ),
    # page 9
    "A seconda dei casi si imposta la larghezza del testo in modo che superi di 4-5pc la larghezza "
    "ottimale della riga determinata con la legge empirica di Bringhurst.": (
        "La larghezza del testo viene impostata, caso per caso, 4-5pc oltre la larghezza di riga "
        "ottimale data dalla regola empirica di Bringhurst."
    ),
    # texlive-doc/latex/dsptricks/dspTricksManual.pdf (one column)
    # page 1
    "Other types of plots that commonly occur in the signal processing literature, and for which "
    "DSPTricks offers macros, are frequency plots and pole-zero plots.": (
        "DSPTricks also provides macros for frequency plots and pole-zero diagrams, both common in DSP texts."
    ),
    # page 6
    "Also, when writing PostScript code, don’t forget to scale the x variable appropriately; in "
    "particular, PostScript functions of an angle use units in degrees, so you need to multiply x by "
    "180 before computing trigonometric functions.": (
        "Because PostScript's trigonometric functions take angles in degrees, x has to be multiplied "
        "by 180 before computing them."
    ),
    # page 15
    "Nodes are labeled in top-left matrix notation, i.e. the topmost leftmost node is at coordinates "
    "(1, 1) and indices increase rightward and downward.": (
        "Indexing is matrix-style from the top left: the upper-left node sits at (1, 1), with numbers "
        "growing to the right and downward."
    ),
    # texlive-doc/latex/biblatex-chicago/cms-notes-intro.pdf (one column)
    # page 2
    "If you use \\mkbibquote the package will automatically do the right thing, moving punctuation "
    "inside the quotation marks.": (
        "With \\mkbibquote, biblatex-chicago handles punctuation correctly by moving it inside the "
        "quotation marks on its own."
    ),
    # page 4
    "The date gives the release date of the album, while the type field gives the medium of the release.": (
        "For an album, date holds when it came out and type records the medium it came out on."
    ),
    # page 6
    "You can also use the option short when you load biblatex-chicago and you’ll get the short form "
    "from the start, something only recommended by the CMS when you have a full bibliography to "
    "clarify all the abbreviated references. (In the absence of a full bibliography, you can also use "
    "the noteref option to provide cross-references from short notes to long ones.": (
        "Loading biblatex-chicago with the short option gives short notes from the first citation, "
        "which the CMS recommends only when a full bibliography explains every abbreviated reference."
    ),
    # page 7
    "As the source isn’t a traditional scholarly one, the entry requires magazine in the entrysubtype field.": (
        "Since it is not an academic publication, the entry has to set entrysubtype to magazine."
    ),
    # page 9
    "If you don’t want this space-saving measure, then you can, for example, set longcrossref=true in "
    "the options field.": ("To avoid this space-saving behaviour, put longcrossref=true in an entry's options."),
    # page 10
    "Social media posts, by contrast, even of photographs, for example, need an Online entry.": (
        "Anything posted on social networks, pictures too, is cited with an Online entry."
    ),
    # page 11
    "The origdate field is the date of the print publication of the text that is now online.": (
        "origdate records when the text now available online was first published in print."
    ),
    # page 12
    "We have already seen \\headlesscite,1 which allows you to avoid, in notes, repetition of an "
    "author’s name when it appears in the title as well.": (
        "\\headlesscite drops the author's name from a note when that name is already part of the title."
    ),
    # page 13
    "You will find significantly fuller guidance in biblatex.pdf and biblatex-chicago.pdf, but the CMS "
    "itself defines the specification and shall arbitrate all disputes.": (
        "biblatex.pdf and biblatex-chicago.pdf give much more detailed guidance, but the Chicago "
        "Manual of Style itself sets the specification and settles any dispute."
    ),
    # texlive-doc/fonts/pxfonts/pxfontsdoc.pdf (one column)
    # page 2
    "Since sans serif fonts based on Adobe Helvetica (or URW NimbusSanL) and monospaced typewriter "
    "fonts of the TX fonts are to be used with the PX fonts, one must get and properly install the TX "
    "fonts, which are available from CTAN (or www.utdallas.edu/˜ryoung/txfonts).": (
        "The TX fonts must be obtained and installed, because the PX fonts rely on their "
        "Helvetica-based sans serif and typewriter fonts."
    ),
    # page 3
    "To resolve this problem, turn the partial font downloading off.": (
        "The fix is to disable partial downloading of fonts."
    ),
    # page 7
    "Thus, if \\not\\precsim is typed in the document, the \\nprecsim symbol, instead of \\precsim "
    "composed with the negation slash, is printed.": (
        "Typing \\not\\precsim produces the dedicated \\nprecsim glyph rather than \\precsim overlaid "
        "with a negation slash."
    ),
    # page 7
    'The PX text fonts have glyphs in the low positions between "00 and "1F. As of now, these glyphs '
    'are not available in higher positions above "7F. Thus, when run dvips, do not use the -G flag '
    "(or remove G in the dvips configuration file).": (
        'Because PX glyphs sit only in slots "00-"1F and have no copies above "7F, dvips must not get -G.'
    ),
    # page 16
    "Bold versions of all fonts are available.": ("Every font comes in a bold version as well."),
    # texlive-doc/generic/musixtex/notationMistakes/sottigra.pdf (one column)
    # page 3
    "Pour noter un intervalle de seconde dans un accord, on met la note inférieure à gauche.": (
        "Dans un accord, la seconde s'écrit en plaçant la plus grave des deux à gauche."
    ),
    # page 9
    "On n'indique jamais le numéro de la toute première mesure d'un morceau.": (
        "On ne numérote jamais la mesure qui ouvre une pièce."
    ),
    # page 10
    "Autrefois, certaines notes piquées étaient notées avec un petit triangle au lieu du point moderne.": (
        "Jadis, on indiquait certaines notes piquées par un petit triangle plutôt que par le point actuel."
    ),
    # texlive-doc/latex/pdftricks/manual.pdf (slides)
    # page 1
    "Shell escape provides us the facility to suspend a TEX compilation midway, perform the functions "
    "that we want to do with a shell command, complete those functions, return to the TEX compilation "
    "and finish the job.": (
        "Shell escape lets TeX pause a compilation partway, run a shell command to do some work, and "
        "then resume and complete the typesetting."
    ),
    # page 2
    "In all the web2c TEX implementations, shell escape is turned off by default.": (
        "Every web2c TeX implementation ships with shell escape disabled by default."
    ),
    # page 4
    "As a final step, you shall run pdfLATEX again, so that the *.pdf figures will be included with "
    "the usual \\includegraphics command automatically in the locations wherever the pstricks code "
    "appeared.": (
        "Finally pdfLaTeX is run once more, and the PDF figures are automatically inserted with "
        "\\includegraphics wherever the pstricks code stood."
    ),
    # page 8
    "The package is distributed under  General Public Licence.": ("pdfTricks is licensed under the GPL."),
    # texlive-doc/latex/latex-course/LaTeX-Course.pdf (slides)
    # page 2
    "Users can concentrate on the structure of their document rather than on formatting.": (
        "With LaTeX, users can focus on how their document is structured instead of how it is formatted."
    ),
    # page 16
    "Note: Slides use sanserif font: slanted instead of italics!": (
        "On slides the font is sans serif, so slanted type replaces italics."
    ),
    # page 25
    "Like table, figure is a floating environment that has no meaning in slides.": (
        "The figure environment, like table, floats, which makes no sense on slides."
    ),
    # texlive-doc/fonts/lxfonts/LXfonts-demo.pdf (slides)
    # page 2
    "Its main value, besides creating presentations to be printed on transparencies (beamers did not "
    "exist at that time. . . ), was to use fonts whose legibility was excellent.": (
        "Apart from making presentations for printing on transparencies, back when beamers did not "
        "exist, SliTeX was valued chiefly for its highly legible fonts."
    ),
    # page 17
    "Just one warning: call the lxfonts package after you have loaded all the other font related "
    "packages; lxfonts will take care of invoking the correct font description files with the proper "
    "encodings; according to the packages loaded, it provides to some definitions that are necessary "
    "for mutual compatibility.": (
        "The lxfonts package should be loaded after every other font-related package, since it then "
        "picks the right font description files and encodings and adds definitions needed for "
        "compatibility."
    ),
    # page 18
    "In order to mix Latin and Greek script the necessary LGR Greek font description files are already "
    "available with the LX fonts bundle, therefore the Greek script is readily accessible, and the "
    "babel language switching commands are fully available also when using the LX fonts.": (
        "Since LGR files come bundled with LX, Greek mixes with Latin text and babel's language commands keep working."
    ),
    # texlive-doc/latex/formation-latex-ul/formation-latex-ul-diapos.pdf (slides)
    # page 22
    "Les commandes LATEX débutent par le symbole \\ et se terminent par le premier caractère autre "
    "qu’une lettre, y compris l’espace.": (
        "Une commande LaTeX commence par une barre oblique inverse et s'arrête dès qu'apparaît un "
        "caractère non alphabétique, espace compris."
    ),
    # page 50
    "Les règles de ponctuation usuelles s’appliquent donc aux équations.": (
        "Les formules se ponctuent donc comme le reste du texte."
    ),
    # page 58
    "Les titres et le texte sont composés en Fira Sans, les mathématiques en Arev Math et le code "
    "informatique en Fira Mono.": (
        "Fira Sans sert aux titres comme au corps, Arev Math aux formules, Fira Mono aux extraits de programmes."
    ),
    # texlive-doc/generic/crossrefenum/doc/crossrefenum.pdf (slides)
    # page 4
    "Note that sorting is not supported.": ("crossrefenum does not sort the references."),
    # page 9
    "Ranges are not accepted in the argument of \\crossrefenum for non-collapsable types.": (
        "For types that cannot be collapsed, \\crossrefenum does not allow ranges in its argument."
    ),
    # page 11
    "Note that crossrefenum cannot merge a reference to the last line of a page and the first line of "
    "the following page if the lineation is not continuous.": (
        "If line numbering restarts on each page, crossrefenum can't join a page's final line and the "
        "next page's opening line into one reference."
    ),
    # texlive-doc/latex/tikz-ext/tikz-ext-manual.pdf (slides)
    # page 4
    "This package is called tikz-ext, however, one can’t load it via \\usepackage.1 Instead, this "
    "package consists of multiple pgf and TikZ libraries which are loaded by either \\usepgflibrary or "
    "\\usetikzlibrary.": (
        "tikz-ext can't be pulled in through \\usepackage; instead you add its pgf/TikZ libraries with "
        "\\usepgflibrary or \\usetikzlibrary."
    ),
    # page 6
    "This library extends the TikZ library calendar.": ("One of the libraries builds on TikZ's calendar library."),
    # page 7
    "Nodes with the same ⟨name⟩ will have the same text width.": ("Nodes sharing one name get identical text widths."),
    # page 12
    "This library adds new path specifications |-|, -|- as well as r-ud, r-du, r-lr and r-rl.": (
        "Added paths include |-| and -|-, plus r-ud, r-du, r-lr, r-rl."
    ),
    # page 17
    "This library adds timers to the path specifications rectangle, parabola, sin and cos.": (
        "Rectangles, parabolas, sine and cosine paths gain timers from it."
    ),
    # page 20
    "With the help of the positioning and the fit library this extends the placement of nodes.": (
        "Building on positioning and fit, it gives more ways to place nodes."
    ),
    # page 32
    "This library adds mirror transformations to pgf.": (
        "Mirroring transformations become available in pgf through it."
    ),
    # page 34
    "A circular shape named circle arrow that has an arc as its background path that can have an arrow tip.": (
        "circle arrow is round; its outline is an arc which may end in an arrowhead."
    ),
    # page 37
    "The background path for the shape should not be filled (e. g., in TikZ, the fill option for the "
    "node must be implicitly or explicitly set to none).": (
        "Don't fill this shape: in TikZ its node's fill must be none, whether stated or by default."
    ),
    # page 53
    "This command returns the week number (always two digits).": (
        "It yields the number of the week as a two-digit value."
    ),
    # page 56
    "The following keys use TEX’ macros \\if, \\ifx, \\ifnum and \\ifdim for faster executions.": (
        "These keys rely on TeX's \\if, \\ifx, \\ifnum and \\ifdim to run quicker."
    ),
    # texlive-doc/latex/tikz-timing/tikz-timing.pdf (slides)
    # page 5
    "Also a tabular-like environment is provided to produce a larger timing diagram with multiple "
    "labeled signals and the possibility to add own drawing material.": (
        "A tabular-style environment lets you build bigger timing diagrams with several labelled "
        "signals and your own extra drawings."
    ),
    # page 5
    "So e.g. ‘{HLZXD}’ gives ‘ ’. In order to fit (in)to normal text the diagram size (i.e. its "
    "height, width and line width) is defined relatively to the currently active font size.": (
        "So that diagrams fit into running text, their height, width and line width are set relative "
        "to the current font size."
    ),
    # page 10
    "Table 2.1 shows all by default defined logic characters and Table 2.2 all possible two-character transitions.": (
        "Table 2.1 lists every logic character available out of the box, and Table 2.2 each transition "
        "between two of them."
    ),
    # page 16
    "This environment can be used to typeset multi-line timing diagrams.": (
        "Diagrams spanning several lines are set with this environment."
    ),
    # page 19
    "The standard ‘scale’ setting of TikZ will not scale all parts of the table correctly, e.g. the "
    "line width and nodes will keep their original size.": (
        "TikZ's usual scale option does not scale a timing table properly; line widths and nodes, for "
        "instance, stay the same size."
    ),
    # page 28
    "Three types of keys are used by this package: styles, settings and actions.": (
        "Keys come in three kinds here: styles, settings, actions."
    ),
    # page 33
    "The TikZ default value of 100 is to small for timing diagrams and is changed to 1000 by default.": (
        "Since TikZ's 100 is too low for such diagrams, the package raises it to 1000."
    ),
    # page 38
    "By default the rising edges are marked.": ("Unless told otherwise, rising edges get marked."),
    # page 39
    "By default the letter ‘T’ and left alignment are used for the timing column type.": (
        "Unless changed, the column type is T, aligned left."
    ),
    # page 41
    "The counter values are global like normal LATEX counters.": (
        "As with ordinary LaTeX counters, these values apply globally."
    ),
    # page 48
    "The library can be loaded with one of the options ‘provide’ (default), ‘new’, ‘renew’ or ‘off’, respectively.": (
        "At load time pick provide (the default), new, renew, off."
    ),
    # page 50
    "The signal names must be enclosed into a \\mbox because \\uncover needs to be inside horizontal mode.": (
        "Wrap each signal name in an \\mbox, since \\uncover only works in horizontal mode."
    ),
    # texlive-doc/latex/flowfram/ffuserguide.pdf (slides)
    # page 5
    "There’s an optional helper application called flowframtk1 if you prefer to use a graphical user "
    "interface to set up the document layout.": (
        "flowframtk is an optional helper offering a graphical interface for laying out pages."
    ),
    # page 5
    "Since it modifies the output routine, it is likely to conflict with any other package which also "
    "does this (such as longtable).": (
        "flowfram changes the output routine, so it will probably clash with other packages that do "
        "the same, longtable for example."
    ),
    # page 9
    "The text of the document environment will flow from one frame to the next in order of definition.": (
        "Text in the document runs frame to frame in the sequence the frames were set up."
    ),
    # page 10
    "You can force text to move immediately to the next defined flow frame using one of the commands: "
    "\\newpage, \\pagebreak or \\framebreak.": (
        "\\newpage, \\pagebreak or \\framebreak send text straight on into the following flow frame."
    ),
    # page 11
    "Thus, a static frame can be used, for example, to make a company logo appear in the same place on every page.": (
        "A static frame could, say, put a firm's logo at one fixed position on each page."
    ),
    # page 24
    "The flowfram package is able to compute the border for the following known frame making commands: "
    "\\fbox, \\ovalbox, \\Ovalbox, \\doublebox and \\shadowbox.": (
        "flowfram knows how to work out borders made by \\fbox, \\ovalbox, \\Ovalbox, \\doublebox and \\shadowbox."
    ),
    # page 28
    "To restore a frame to its default rectangular setting use shape=\\relax.": (
        "shape=\\relax brings back a frame's plain rectangle."
    ),
    # page 41
    "The height of these flow frames may not be exactly as high as the typeblock, as their height is "
    "adjusted to make them an integer multiple of \\baselineskip.": (
        "These flow frames can fall a bit short of the text block, because their height is rounded to "
        "a whole multiple of \\baselineskip."
    ),
    # page 53
    "This chapter describes how to create thumbtabs and minitocs, such as those used in this document.": (
        "One chapter explains making thumbtabs and minitocs like the ones in this guide."
    ),
    # page 63
    "You can change the default paper size by editing the file gs_init.ps.": (
        "Edit gs_init.ps to alter the standard paper size."
    ),
    # page 65
    "Remember to include the units when defining new frames.": ("Don't forget to give units when setting up frames."),
}
