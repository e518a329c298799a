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
corpus is installed."""

from __future__ import annotations

PARAPHRASES: dict[str, str] = {
    # texlive-doc/latex/multibibliography/tug-paper.pdf (two columns)
    # page 1
    "We reject this false dichotomy, and describe a multibibliography, comprising alphabetic, "
    "sequenced, and also chronological orderings of references.": (
        "Rather than accept that either-or choice, the authors propose a multibibliography that lists "
        "the references in three orders: alphabetically, in citation sequence, and by date."
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
        "A pattern needs defining only once; every later occurrence then follows that style, and this "
        "unmatched consistency is what makes output look professional."
    ),
    # page 2
    "Using the XELATEX processor (included on the DVD), you can also use all your TrueType and OpenType fonts.": (
        "With the XeLaTeX processor, which is on the DVD, any TrueType or OpenType font can be used as well."
    ),
    # page 2
    "Non-Latin types include Japanese, Chinese, Devanagari, Urdu, Thai, Vietnamese, Coptic, Cyrillic, "
    "Greek, and many other languages and alphabets, including mixed bi-directional Arabic and Hebrew.": (
        "Scripts beyond Latin, such as Japanese, Chinese, Devanagari, Thai, Cyrillic and Greek, are "
        "supported, and so is mixed bidirectional Arabic and Hebrew text."
    ),
    # page 2
    "The calculations of the underlying TEX formatting engine are very precise: it works internally in "
    "microunits smaller than the wavelength of visible light (≈53.6Å), resulting in great accuracy in "
    "positioning.": (
        "The TeX engine computes in internal units smaller than a wavelength of visible light, so it "
        "positions things very accurately."
    ),
    # page 3
    "LATEX’s tables and figures follow the standard publishers’ practice of ‘floating’, so if there is "
    "no room on the current page, they automatically float to the next.": (
        "Following publishers' usual practice, tables and figures in LaTeX float: when the current "
        "page has no room for them they move to the next page by themselves."
    ),
    # page 3
    "Pictures can be included with scaling, rotation, and clipping, using industry standard PDF or EPS "
    "vector formats for diagrams, or PNG or JPG bitmaps for pictures.": (
        "Images may be scaled, rotated and clipped when included, with PDF or EPS vector formats for "
        "diagrams and PNG or JPG bitmaps for photographs."
    ),
    # page 3
    "Unlike some wordprocessor manufacturers’ proprietary file formats, LATEX uses plaintext (ASCII or "
    "Unicode) files which can be created and updated with any editor anywhere, and moved between "
    "different systems without danger of information loss or corruption.": (
        "Unlike the proprietary formats of wordprocessors, LaTeX files are plain ASCII or Unicode text "
        "that any editor can create and change, and they move between systems without losing or "
        "corrupting information."
    ),
    # page 4
    "The TEX Users Group (TUG) TUG membership is $85 a year (individual), $55 (students, new "
    "graduates, seniors, and citizens of countries with modest economies), $100 (non-voting, eg "
    "libraries), or $500 (institutional, up to eight named memberships).": (
        "Individual TUG membership costs $85 per year, with $55 for students, new graduates, seniors "
        "and people from countries with modest economies, $100 for non-voting members such as "
        "libraries, and $500 for institutions."
    ),
    # texlive-doc/latex/latex-doc-ptr/latex-doc-ptr.pdf (two columns)
    # page 1
    "For distributions, your choices are TEX Live on a Unix system, including GNU/Linux, or on "
    "Windows, or the related MacTEX on Macintosh, or MiKTEX on Windows or a Unix system.": (
        "The distributions to choose from are TeX Live for Unix systems such as GNU/Linux or for "
        "Windows, its relative MacTeX for the Mac, and MiKTeX for Windows or Unix."
    ),
    # page 1
    "Questions If you are stuck on an issue, the TEX-LATEX Stack Exchange site and the mailing list "
    "texhax@tug.org are where knowledgeable people hang out.": (
        "When you get stuck, ask the experts who frequent the TeX-LaTeX Stack Exchange site and the "
        "texhax@tug.org mailing list."
    ),
    # page 2
    "To handle scientific units, use siunitx29 (which also has a table column type for aligning on a decimal point).": (
        "For scientific units there is the siunitx package, which also offers a table column type that "
        "lines numbers up on the decimal point."
    ),
    # page 3
    "To make presentations, use the beamer49 class. (However, with this package you are entering "
    "another world, where many of the packages discussed here do not work.": (
        "Presentations are made with the beamer class."
    ),
    # page 3
    "Pronounce LATEX as “la-tech” or “lay-tech,” with emphasis on either syllable.": (
        "LaTeX is pronounced 'la-tech' or 'lay-tech', and the stress may fall on either syllable."
    ),
    # texlive-doc/otherformats/startex/ideas.pdf (two columns)
    # page 1
    "They are very terse at best, and since they are sometimes produced by LATEX and at other times by "
    "TEX, understanding the messages requires reasonably good knowledge of both systems.": (
        "The error messages are terse at best, and because some come from LaTeX and others from TeX, "
        "making sense of them takes a fair knowledge of both systems."
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
        "As in HTML, paragraphs are separated with <p>; a blank line as in (La)TeX is easier to type "
        "but causes indentation trouble for the paragraph after an environment such as a list."
    ),
    # page 5
    "StarTEX sets its standard parameters for very loose typesetting with high values for \\tolerance "
    "and \\emergencystretch.": (
        "StarTeX's default settings make typesetting very loose, with high values for \\tolerance and "
        "\\emergencystretch."
    ),
    # page 6
    "Most simple errors are handled by StarTEX, but grave ones still confuse it.": (
        "StarTeX copes with most simple errors, but serious ones still confuse it."
    ),
    # texlive-doc/latex/svg-inkscape/InkscapePDFLaTeX.pdf (two columns)
    # page 1
    "Inkscape can export the graphics to PDF/EPS/PS, and the text to a LATEX file.": (
        "Inkscape is able to export the drawing to PDF, EPS or PS and put its text into a separate LaTeX file."
    ),
    # page 1
    "But, the programming nature of drawing with TikZ is not liked by many, and most will turn to a "
    "vector graphics drawing program, such as Inkscape.": (
        "Many people dislike drawing by programming as TikZ requires, and most prefer a vector drawing "
        "program like Inkscape instead."
    ),
    # page 2
    "If the text has a fill colour, this colour will be exported to LATEX as an RGB colour.": (
        "When text has a fill colour, that colour is passed on to LaTeX as an RGB colour."
    ),
    # page 2
    "It is strongly recommended to use this ‘exported area is drawing’ option, because text will not "
    "be clipped to the page size.": (
        "Using the 'exported area is drawing' option is strongly advised, since then the text does not "
        "get clipped to the page size."
    ),
    # page 3
    "A workaround is drawing a rectangle with zero stroke width as bounding box around the drawing.": (
        "As a workaround, draw a rectangle with zero stroke width around the drawing to act as its bounding box."
    ),
    # texlive-doc/bibtex/economic/oegatb-ex.pdf (two columns)
    # page 1
    "The length of the short paper is maximally two pages.": ("A short paper may be at most two pages long."),
    # page 1
    "The abstract should not exceed ca. 200 words, which corresponds to the double length of this example.": (
        "The abstract should be limited to about 200 words, twice as long as the example given."
    ),
    # page 1
    "Do not change the font sizes or line spacing to squeeze more text into a limited number of pages.": (
        "Font sizes and line spacing must not be altered to fit more text into the page limit."
    ),
    # page 1
    "Place figure captions below the figures; place table titles above the tables.": (
        "Captions of figures go underneath the figures, whereas titles of tables go on top of the tables."
    ),
    # page 2
    "Do not abbreviate “Table.” Tables are numbered with Roman numerals.": (
        "The word “Table” is never abbreviated, and tables get Roman numerals."
    ),
    # page 2
    "Color printing of figures is not available.": ("Figures cannot be printed in colour."),
    # page 2
    "If you use percentages, please do not include a space between the number and the percentage sign "
    "(e.g. 20% of farmers).": (
        "Percentages are written with no space between the number and the percent sign, as in 20% of farmers."
    ),
    # page 2
    "Reference list A complete list of the references cited in the text must be arranged "
    "alphabetically at the end of your paper under the heading References.": (
        "All references cited in the text must be listed in alphabetical order at the end of the paper "
        "under the heading References."
    ),
    # texlive-doc/latex/tex-overview/tex-overview.pdf (two columns)
    # page 1
    "This paper tries to give an overview of the development of TEX and related programs.": (
        "The paper attempts to survey how TeX and the programs related to it have developed."
    ),
    # page 3
    "It is important to keep in mind that an editor alone can not convert a .tex file into a pdf or "
    "any other output format, but always needs the programs as discussed below, most notably an engine "
    "that does all the work.": (
        "An editor by itself cannot turn a .tex file into PDF or another output format; it always "
        "needs further programs, above all an engine that does the actual work."
    ),
    # page 3
    "The original program is TEX, the most famous derivative is pdfTEX, while LuaTEX is the latest successor.": (
        "TeX is the original program, pdfTeX its best-known derivative, and LuaTeX the most recent successor."
    ),
    # page 4
    "How to read this document This document consists of several graphs showing the development of "
    "software more or less directly related to TEX. The graphs try to show the time development "
    "(downwards), as well as dependencies, changes, etc.": (
        "The document is made of graphs of software more or less tied to TeX, in which time runs "
        "downwards and dependencies and changes are also shown."
    ),
    # page 5
    "Unfortunately, there is no unique way to get hover-over tooltips to work in all PDF viewers, but "
    "each of them has its own way to present the information.": (
        "Hover-over tooltips cannot be made to work the same way in every PDF viewer, since each one "
        "presents the information in its own way."
    ),
    # page 5
    "In the tooltips, you will not see any colons even if they would make sense – this is because a "
    "colon leads to an error and the tooltip will not be displayed.": (
        "Colons never appear in the tooltips, even where they would make sense, because a colon causes "
        "an error and the tooltip is then not shown."
    ),
    # page 8
    "I had to work hard on the arrangement to show both chronological order and code dependence, and "
    "for now only the code dependence is (should be) correct.": (
        "Arranging the graph to show both chronology and code dependence was hard work, and for now "
        "only the code dependence should be correct."
    ),
    # page 26
    "Born in 1978 by Donald Erwin Knuth.": ("TeX was born in 1978, created by Donald Erwin Knuth."),
    # page 27
    "LuaJITTeX is a LuaTeX based on LuaJIT.": ("LuaJITTeX is a version of LuaTeX built on LuaJIT."),
    # page 29
    "The expl3 bundle is the ground stock of LaTeX3.": ("LaTeX3 rests on the expl3 bundle as its foundation."),
    # page 31
    "A macro package developed at MIT. Pronounced “why-TeX”, “upsilon-TeX” or “oops-TeX”.": (
        "Developed at MIT, this macro package is pronounced 'why-TeX', 'upsilon-TeX' or 'oops-TeX'."
    ),
    # page 34
    "A python implementation of BibTeX.": ("This is BibTeX reimplemented in Python."),
    # page 36
    ".bcf Temp file produced by the biblatex package to store information for bibliography settings.": (
        "The .bcf file is a temporary file that the biblatex package writes to keep bibliography settings."
    ),
    # page 37
    "E. g. calling the command latex on the command line will start the PDFε-TEX engine2 in DVI mode "
    "with the format LATEX 2ε.": (
        "Running latex from the command line, for example, starts the pdfeTeX engine in DVI mode with "
        "the LaTeX2e format."
    ),
    # texlive-doc/latex/latexcheat/latexsheet.pdf (three columns)
    # page 1
    "Used at the very beginning of a document: \\documentclass{class}. Use \\begin{document} to start "
    "contents and \\end{document} to end the document.": (
        "A document opens with \\documentclass{class}; its contents begin with \\begin{document} and "
        "the document closes with \\end{document}."
    ),
    # page 1
    "Miscellaneous \\pagestyle{empty} Empty header, footer and no page numbers.": (
        "\\pagestyle{empty} leaves the header and footer blank and prints no page numbers."
    ),
    # page 1
    "Tab stops can be set on “invisible” lines with \\kill at the end of the line.": (
        "Putting \\kill at the end of a line sets tab stops on a line that is not printed."
    ),
    # page 2
    "Tech report, usually numbered in series.": ("A technical report, normally numbered within a series."),
    # texlive-doc/latex/latex-refsheet/LaTeX_RefSheet.pdf (three columns)
    # page 1
    "Linespread with setspace Load: \\usepackage[onehalfspacing]{setspace} for 1.5 line spacing.": (
        "For 1.5 line spacing, load setspace with the onehalfspacing option: \\usepackage[onehalfspacing]{setspace}."
    ),
    # page 1
    "Paragraphs (≈ “new idea in content”) Paragraphs are separated by an empty line in the code or by \\par.": (
        "Paragraphs are divided by a blank line in the source or by the \\par command."
    ),
    # page 2
    "Suppress Floating with float For a thesis most students want to control the placing of figures "
    "and tables themselves.": (
        "Most students writing a thesis want to decide for themselves where figures and tables are "
        "placed, so floating is suppressed with the float package."
    ),
    # page 3
    "Font Combinations Rule: Use serif fonts for long body text and sans-serif for headings.": (
        "As a rule, long body text is set in a serif font and headings in a sans-serif one."
    ),
    # page 3
    "Hint: Add \\KOMAoptions{DIV=last} after loading a font package.": (
        "After loading a font package, add \\KOMAoptions{DIV=last}."
    ),
    # page 4
    "The logo with the TEX lion is sketched by Duane Bibby, https://mirror.ctan.org/ lion/files; the "
    "graphic of a header of a page is from the KOMA-Script documentation, file scrlayer-scrpage.tex; "
    "the page layout image is done by using the package layout and the command \\layout and the red "
    "lines and red text added with a graphics program.": (
        "The TeX lion in the logo was drawn by Duane Bibby, and the page header graphic comes from the "
        "KOMA-Script documentation file scrlayer-scrpage.tex."
    ),
    # debian-refcard/refcard-el-a4.pdf.gz (three columns)
    # page 1
    "Δείχνει σε ποιο πακέτο ανήκει ένα συγκεκριμένο αρχείο.": (
        "Βρίσκει σε ποιο πακέτο περιέχεται ένα δεδομένο αρχείο."
    ),
    # page 1
    "Εγγραφή των επιλογών των πακέτων σε ένα αρχείο.": ("Αποθηκεύει σε ένα αρχείο ποια πακέτα έχουν επιλεγεί."),
    # page 1
    "Αντιγραφή αρχείων σε ένα άλλο μηχάνημα (και αντίστροφα).": (
        "Μεταφέρει αρχεία σε έναν άλλο υπολογιστή ή από αυτόν."
    ),
    # page 2
    "Όλα τα αρχεία ρυθμίσεων του συστήματος βρίσκονται στον κατάλογο /etc/.": (
        "Ο κατάλογος /etc/ περιέχει όλα τα αρχεία ρυθμίσεων του συστήματος."
    ),
    # page 2
    "Δημιουργία (c), αποσυμπίεση (x), εμφάνιση περιεχομένων (t) συμπιεσμένων αρχείων, z για .gz, j για "
    ".bz2, J για .xz.": (
        "Το c δημιουργεί, το x αποσυμπιέζει και το t δείχνει τα περιεχόμενα ενός συμπιεσμένου αρχείου· "
        "το z χρησιμοποιείται για .gz, το j για .bz2 και το J για .xz."
    ),
    # page 2
    "Εκτελέστε μια εντολή με δικαιώματα υπερχρήστη σαν απλός χρήστης, δείτε το /etc/sudoers.": (
        "Ένας απλός χρήστης μπορεί να εκτελέσει μια εντολή με δικαιώματα διαχειριστή· οι ρυθμίσεις "
        "βρίσκονται στο /etc/sudoers."
    ),
    # page 2
    "Ανανέωση της λίστας των πακέτων από τα αποθετήρια όπως αναγράφονται στο αρχείο /etc/apt/sources.list.": (
        "Ενημερώνει τη λίστα πακέτων από τα αποθετήρια που αναφέρονται στο /etc/apt/sources.list."
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
        "Текст лицензии доступен на https://www.gnu.org/copyleft/gpl.html, а также в файле "
        "/usr/share/common-licenses/GPL-3."
    ),
    # page 2
    "Все файлы настройки системы находятся в каталоге /etc/.": (
        "Каталог /etc/ содержит все конфигурационные файлы системы."
    ),
    # page 2
    "Перенастроить пакет, например keyboard-configuration (клавиатуру), locales (локализацию).": (
        "Позволяет заново настроить пакет, например keyboard-configuration для клавиатуры или locales для локализации."
    ),
    # page 2
    "Установить пакеты из репозитория со всеми зависимостями.": (
        "Устанавливает пакеты из репозитория вместе со всем, от чего они зависят."
    ),
    # page 2
    "Подобна apt upgrade, но с продвинутым механизмом разрешения конфликтов.": (
        "Работает как apt upgrade, но разрешает конфликты более продвинутым способом."
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
        "Aktualizuje listę pakietów z repozytoriów podanych w pliku /etc/apt/sources.list."
    ),
    # page 2
    "Instalacja najnowszych wersji wszystkich aktualnie zainstalowanych pakietów.": (
        "Instaluje najnowsze wersje wszystkich pakietów, które są obecnie zainstalowane."
    ),
    # page 2
    "Usuwanie pakietów, które nie są już wymagane przez inne pakiety.": (
        "Usuwa pakiety, których nie potrzebują już żadne inne pakiety."
    ),
    # debian-refcard/refcard-da-a4.pdf.gz (three columns)
    # page 1
    "Kort hjælp til de fleste kommandoer.": ("Giver en kortfattet hjælpetekst for de fleste kommandoer."),
    # page 1
    "Her findes hele dokumentationen, den valgfri fil README.Debian indeholder mere specifikke ting.": (
        "Den fulde dokumentation ligger her, og den valgfrie fil README.Debian rummer mere specifikke oplysninger."
    ),
    # page 1
    "Dette dokument må benyttes under betingelserne i GNU General Public License, version 3 eller nyere.": (
        "Dokumentet kan bruges på de vilkår, som GNU General Public License version 3 eller en senere "
        "version fastsætter."
    ),
    # page 2
    "Rapporter en fejl pr. e-post.": ("En fejl kan indberettes via e-mail."),
    # page 2
    "Vis alle pakker, der kræver den angivne pakke.": ("Viser samtlige pakker, som har brug for den angivne pakke."),
    # page 2
    "Krævet når denne fil, eller indholdet af arkiverne, ændrer sig.": (
        "Det er nødvendigt, hver gang denne fil eller arkivernes indhold bliver ændret."
    ),
    # page 2
    "Som apt upgrade, men med avanceret konfliktløsning.": (
        "Fungerer som apt upgrade, men løser konflikter på en mere avanceret måde."
    ),
    # texlive-doc/latex/webguide/webguide.pdf (one column)
    # page 2
    "Documents written using LaTeX [Lam94] tagging can be easily converted to PostScript, PDF and "
    "HTML, all from the single electronic source.": (
        "From one electronic LaTeX source a document can readily be turned into PostScript, PDF and HTML alike."
    ),
    # page 3
    "In the vast majority of cases the final printable format has been PostScript, obtained by running "
    "the *.dvi file through a program like dvips, to generate a *.ps file.": (
        "Most of the time the printable end result has been PostScript, made by passing the DVI file "
        "through a tool such as dvips to get a .ps file."
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
        "Ghostscript ships with ps2pdf, a script that does the PostScript-to-PDF conversion."
    ),
    # page 4
    "Mark Wicks’ dvipdfm program (http://odo.kettering.edu/dvipdfm) converts a *.dvi file to a *.pdf file.": (
        "The dvipdfm program written by Mark Wicks turns a DVI file into a PDF file."
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
        "Since ltx2x is written in C, installing it calls for a C compiler."
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
        "In time, luaLaTeX ceased to preload hyphenation patterns into its format file."
    ),
    # page 11
    "We provide macro \\dywiz which gives proper hyphenation of compound words.": (
        "The package supplies a \\dywiz macro so that compound words are hyphenated correctly."
    ),
    # page 16
    "We assume, that if there is OT4cmr.def file on the system, there are also fonts installed.": (
        "The package takes the presence of an OT4cmr.def file on the system as a sign that the fonts are installed too."
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
        "For defining macros, \\DeclareRobustCommand is particularly handy."
    ),
    # page 12
    "The natbib package requires round brackets in the optional parameter.": (
        "With natbib, the optional parameter has to use round brackets."
    ),
    # page 14
    "Curly brackets are often used in database files destined for processing by BibTEX in order to "
    "prevent conversion to upper-case or lower-case letters.": (
        "BibTeX database files often put text in curly braces so that its letter case is not changed."
    ),
    # page 16
    "The \\includegraphics macro has one required parameter – the name of the file containing the figure.": (
        "The only mandatory argument of \\includegraphics is the name of the figure's file."
    ),
    # page 17
    "Vector images must be prepared in PDF format.": ("Vector graphics have to be supplied as PDF files."),
    # page 18
    "The PNG format, used in the central image, uses a lossless compression algorithm.": (
        "The middle image is a PNG, a format whose compression loses nothing."
    ),
    # page 20
    "Graphics formats with lossy compression should be used solely for colour photos and nothing else!": (
        "Lossy compressed image formats should be used for colour photographs only."
    ),
    # page 21
    "The standard Windows XP installation includes a large number of PostScript printer drivers.": (
        "Windows XP comes with many PostScript printer drivers in its standard installation."
    ),
    # page 24
    "The tabular environment does not offer this option, but a solution can be found by using the dcolumn package.": (
        "tabular cannot align numbers this way, but the dcolumn package solves the problem."
    ),
    # page 26
    "It was originally implemented in the here package, but this is no longer in the standard distributions.": (
        "This was first provided by the here package, which standard distributions no longer include."
    ),
    # page 30
    "Adobe Distiller tends to produce better results than PDFWriter, although for short documents the "
    "difference is not usually significant.": (
        "Adobe Distiller usually gives better output than PDFWriter, though with short documents the "
        "gap is rarely noticeable."
    ),
    # page 31
    "Do not use file names that contain spaces and/or diacritics.": (
        "File names should not contain spaces or accented letters."
    ),
    # texlive-doc/latex/layaureo/layaureo.pdf (one column)
    # page 1
    "LayAureo fornisce un metodo semplice per aggiungere lo spazio richiesto per la rilegatura e un "
    "opzione per forzare al massimo il riempimento della pagina.": (
        "Il pacchetto LayAureo offre un modo semplice di aggiungere lo spazio per la rilegatura, oltre "
        "a un'opzione che riempie la pagina il più possibile."
    ),
    # page 4
    "Si ricorda a tal fine soprattutto geometry, ma anche vmargin o le classi della collezione "
    "KOMA-script e la bellissima e versatile classe memoir.": (
        "Tra questi pacchetti vengono citati soprattutto geometry, ma anche vmargin, le classi "
        "KOMA-script e la classe memoir, definita bellissima e versatile."
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
        "Besides signal plots, DSPTricks has macros for frequency plots and pole-zero plots, both "
        "common in signal processing texts."
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
        "Block diagram nodes are addressed in top-left matrix notation: the top-left node is (1, 1) "
        "and indices grow to the right and downward."
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
        "The date field holds the album's release date and the type field the medium it was released on."
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
        "Because it is not a traditional scholarly source, the entry needs magazine in its entrysubtype field."
    ),
    # page 9
    "If you don’t want this space-saving measure, then you can, for example, set longcrossref=true in "
    "the options field.": (
        "To turn off this space saving, you can put longcrossref=true in the entry's options field."
    ),
    # page 10
    "Social media posts, by contrast, even of photographs, for example, need an Online entry.": (
        "Posts on social media, photographs included, call for an Online entry."
    ),
    # page 11
    "The origdate field is the date of the print publication of the text that is now online.": (
        "origdate records when the text now available online was first published in print."
    ),
    # page 12
    "We have already seen \\headlesscite,1 which allows you to avoid, in notes, repetition of an "
    "author’s name when it appears in the title as well.": (
        "\\headlesscite keeps notes from repeating an author's name when that name also appears in the title."
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
        "The fix for this printing problem is to disable partial font downloading."
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
        'Because the PX text fonts keep glyphs only in the low positions "00 to "1F and not above '
        '"7F, dvips must not be run with the -G flag.'
    ),
    # page 16
    "Bold versions of all fonts are available.": ("Every font comes in a bold version as well."),
    # texlive-doc/generic/musixtex/notationMistakes/sottigra.pdf (one column)
    # page 3
    "Pour noter un intervalle de seconde dans un accord, on met la note inférieure à gauche.": (
        "Dans un accord, pour écrire un intervalle de seconde, la note du bas se place à gauche."
    ),
    # page 9
    "On n'indique jamais le numéro de la toute première mesure d'un morceau.": (
        "La première mesure d'un morceau ne porte jamais de numéro."
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
    "The package is distributed under  General Public Licence.": (
        "pdfTricks is released under the General Public Licence."
    ),
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
        "The LX fonts bundle already includes the LGR Greek font description files, so Greek can be "
        "mixed with Latin script and babel's language switching works fully with the LX fonts."
    ),
    # texlive-doc/latex/formation-latex-ul/formation-latex-ul-diapos.pdf (slides)
    # page 22
    "Les commandes LATEX débutent par le symbole \\ et se terminent par le premier caractère autre "
    "qu’une lettre, y compris l’espace.": (
        "Une commande LaTeX commence par le caractère \\ et prend fin au premier caractère qui n'est "
        "pas une lettre, l'espace compris."
    ),
    # page 50
    "Les règles de ponctuation usuelles s’appliquent donc aux équations.": (
        "Les équations obéissent donc aux règles habituelles de ponctuation."
    ),
    # page 58
    "Les titres et le texte sont composés en Fira Sans, les mathématiques en Arev Math et le code "
    "informatique en Fira Mono.": (
        "Le texte et les titres sont en Fira Sans, les formules mathématiques en Arev Math et le code en Fira Mono."
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
        "When line numbering is not continuous, crossrefenum is unable to combine a reference to a "
        "page's last line with one to the next page's first line."
    ),
    # texlive-doc/latex/tikz-ext/tikz-ext-manual.pdf (slides)
    # page 4
    "This package is called tikz-ext, however, one can’t load it via \\usepackage.1 Instead, this "
    "package consists of multiple pgf and TikZ libraries which are loaded by either \\usepgflibrary or "
    "\\usetikzlibrary.": (
        "tikz-ext cannot be loaded with \\usepackage; it is a set of pgf and TikZ libraries that you "
        "load with \\usepgflibrary or \\usetikzlibrary."
    ),
    # page 6
    "This library extends the TikZ library calendar.": ("One of the libraries builds on TikZ's calendar library."),
    # page 7
    "Nodes with the same ⟨name⟩ will have the same text width.": (
        "All nodes sharing the same name get an identical text width."
    ),
    # page 12
    "This library adds new path specifications |-|, -|- as well as r-ud, r-du, r-lr and r-rl.": (
        "A library provides the new path specifications |-| and -|-, plus r-ud, r-du, r-lr and r-rl."
    ),
    # page 17
    "This library adds timers to the path specifications rectangle, parabola, sin and cos.": (
        "Timers are added by a library to the rectangle, parabola, sin and cos path specifications."
    ),
    # page 20
    "With the help of the positioning and the fit library this extends the placement of nodes.": (
        "Using the positioning and fit libraries, this library extends how nodes can be placed."
    ),
    # page 32
    "This library adds mirror transformations to pgf.": ("pgf gains mirror transformations through this library."),
    # page 34
    "A circular shape named circle arrow that has an arc as its background path that can have an arrow tip.": (
        "The circle arrow shape is round, with an arc as its background path that can end in an arrow tip."
    ),
    # page 37
    "The background path for the shape should not be filled (e. g., in TikZ, the fill option for the "
    "node must be implicitly or explicitly set to none).": (
        "The shape's background path must not be filled; in TikZ the node's fill option has to be "
        "none, implicitly or explicitly."
    ),
    # page 53
    "This command returns the week number (always two digits).": (
        "The command gives the week number, always as two digits."
    ),
    # page 56
    "The following keys use TEX’ macros \\if, \\ifx, \\ifnum and \\ifdim for faster executions.": (
        "For speed, these keys rely on TeX's \\if, \\ifx, \\ifnum and \\ifdim."
    ),
    # texlive-doc/latex/tikz-timing/tikz-timing.pdf (slides)
    # page 5
    "Also a tabular-like environment is provided to produce a larger timing diagram with multiple "
    "labeled signals and the possibility to add own drawing material.": (
        "The package also offers a tabular-like environment for bigger timing diagrams with several "
        "labelled signals, where you can add drawing material of your own."
    ),
    # page 5
    "So e.g. ‘{HLZXD}’ gives ‘ ’. In order to fit (in)to normal text the diagram size (i.e. its "
    "height, width and line width) is defined relatively to the currently active font size.": (
        "So that diagrams fit into running text, their height, width and line width are set relative "
        "to the current font size."
    ),
    # page 10
    "Table 2.1 shows all by default defined logic characters and Table 2.2 all possible two-character transitions.": (
        "Table 2.1 lists every logic character defined by default, and Table 2.2 every possible "
        "transition between two characters."
    ),
    # page 16
    "This environment can be used to typeset multi-line timing diagrams.": (
        "Timing diagrams spanning several lines can be typeset with this environment."
    ),
    # page 19
    "The standard ‘scale’ setting of TikZ will not scale all parts of the table correctly, e.g. the "
    "line width and nodes will keep their original size.": (
        "TikZ's usual scale option does not scale a timing table properly; line widths and nodes, for "
        "instance, stay the same size."
    ),
    # page 28
    "Three types of keys are used by this package: styles, settings and actions.": (
        "The package works with three kinds of keys: styles, settings and actions."
    ),
    # page 33
    "The TikZ default value of 100 is to small for timing diagrams and is changed to 1000 by default.": (
        "Since TikZ's default of 100 is too low for timing diagrams, the package raises it to 1000."
    ),
    # page 38
    "By default the rising edges are marked.": ("Rising edges are the ones marked unless you say otherwise."),
    # page 39
    "By default the letter ‘T’ and left alignment are used for the timing column type.": (
        "The timing column type defaults to the letter T with left alignment."
    ),
    # page 41
    "The counter values are global like normal LATEX counters.": (
        "Just like ordinary LaTeX counters, the counter values are global."
    ),
    # page 48
    "The library can be loaded with one of the options ‘provide’ (default), ‘new’, ‘renew’ or ‘off’, respectively.": (
        "When loading the library you can pass provide (the default), new, renew or off."
    ),
    # page 50
    "The signal names must be enclosed into a \\mbox because \\uncover needs to be inside horizontal mode.": (
        "Since \\uncover has to be in horizontal mode, signal names need to be wrapped in an \\mbox."
    ),
    # texlive-doc/latex/flowfram/ffuserguide.pdf (slides)
    # page 5
    "There’s an optional helper application called flowframtk1 if you prefer to use a graphical user "
    "interface to set up the document layout.": (
        "If you would rather lay out the document through a graphical interface, there is an optional "
        "helper program, flowframtk."
    ),
    # page 5
    "Since it modifies the output routine, it is likely to conflict with any other package which also "
    "does this (such as longtable).": (
        "flowfram changes the output routine, so it will probably clash with other packages that do "
        "the same, longtable for example."
    ),
    # page 9
    "The text of the document environment will flow from one frame to the next in order of definition.": (
        "Text in the document environment runs from frame to frame in the order the frames were defined."
    ),
    # page 10
    "You can force text to move immediately to the next defined flow frame using one of the commands: "
    "\\newpage, \\pagebreak or \\framebreak.": (
        "\\newpage, \\pagebreak or \\framebreak make the text jump straight to the next defined flow frame."
    ),
    # page 11
    "Thus, a static frame can be used, for example, to make a company logo appear in the same place on every page.": (
        "A static frame can, for instance, put a company logo at the same spot on every page."
    ),
    # page 24
    "The flowfram package is able to compute the border for the following known frame making commands: "
    "\\fbox, \\ovalbox, \\Ovalbox, \\doublebox and \\shadowbox.": (
        "flowfram can work out the border for the known frame commands \\fbox, \\ovalbox, \\Ovalbox, "
        "\\doublebox and \\shadowbox."
    ),
    # page 28
    "To restore a frame to its default rectangular setting use shape=\\relax.": (
        "Setting shape=\\relax returns a frame to its default rectangular form."
    ),
    # page 41
    "The height of these flow frames may not be exactly as high as the typeblock, as their height is "
    "adjusted to make them an integer multiple of \\baselineskip.": (
        "These flow frames may fall slightly short of the typeblock height, since their height is "
        "adjusted to a whole multiple of \\baselineskip."
    ),
    # page 53
    "This chapter describes how to create thumbtabs and minitocs, such as those used in this document.": (
        "A chapter explains how to make thumbtabs and minitocs like the ones in this manual."
    ),
    # page 63
    "You can change the default paper size by editing the file gs_init.ps.": (
        "The default paper size can be changed by editing gs_init.ps."
    ),
    # page 65
    "Remember to include the units when defining new frames.": ("Don't forget the units when you define new frames."),
}
