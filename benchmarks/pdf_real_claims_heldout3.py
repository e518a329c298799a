"""Blind paraphrased claims about the held-out-3 real PDFs, for the citing part of the
PDF benchmark (benchmarks/pdf_real.py, ``FILES_HELD_OUT_3``, ``--split held-out-3``).

Each pairs a truth sentence of a held-out-3 file (exactly as ``truth_of`` gives it; the
page it lies on, noted above it, is the page a citation of the claim should name) with a
claim written by hand in other words.

Begun 2026-11-29 by ``heldout3``, blind: by reading only the truth sentences (pdftotext
and pdfminer.six agreeing), without reading the reader's or the citation engine's code
(search/, reference/, worker/) and without running deepref or any benchmark on these
files. 64 claims so far, one to four per file: two columns 19, one column 20, three
columns 11, slides 14 (those slides have few truth sentences). Most restate the whole
sentence in other words; some keep only the main part of a long one, or sum it up in
plain words as a user's answer sentence would. A claim is in the sentence's language
(French for gut2001, Dutch and Swedish for the reference cards, Portuguese for
beamerthemelalic). afparticle's afpsample.pdf (placeholder Latin) has no claim. More
are to be written (held-out-2 had 150), spread over each file's pages, before the
split is measured once. A key is a truth sentence of one held-out-3 file only.
tests/benchmarks/test_pdf_real_claims.py checks every key against the truth
when the corpus is installed."""

from __future__ import annotations

PARAPHRASES: dict[str, str] = {
    # texlive-doc/metapost/featpost/doc/otherinfo/tb88henderson.pdf (two columns)
    # page 1
    "Individuals that use TEX (or any of its derivatives) to typeset their documents generally take extra "
    "measures to ensure paramount visual quality.": (
        "People who typeset with TeX or one of its offshoots usually go to extra lengths to get the best-looking "
        "output."
    ),
    # page 2
    "These data types allow users to store fragments of the graphics for later use.": (
        "Storing pieces of a drawing to reuse later is what these kinds of data are for."
    ),
    # page 5
    'Simple strings like "A" require no real typesetting to ensure that they appear properly in the figure.': (
        "A plain string such as a single letter needs no actual typesetting to show up correctly in a figure."
    ),
    # page 3
    "Finally, the pen data type is used to affect the actual stroke paths.": (
        "The pen type controls how the drawn paths are stroked."
    ),
    # texlive-doc/metapost/mp3d/tb57roeg.pdf (two columns)
    # page 1
    "METAPOST can be used to create animations.": ("Animated sequences can be produced with MetaPost."),
    # page 3
    "Therefore, point 5 is the center of the tetrahedron, and the tetrahedron is set symmetrically with respect "
    "to the origin.": (
        "So the fifth point sits at the tetrahedron's centre, and the solid is placed symmetrically about the origin."
    ),
    # page 7
    "Another problem is to represent overlapping objects correctly.": (
        "Getting objects that overlap one another to display correctly is a further difficulty."
    ),
    # texlive-doc/metapost/mp3d/tugboat-geometry-space.pdf (two columns)
    # page 4
    "The source code producing the cube is rather simple, but it is easy to come up with drawings that are more "
    "complex and very difficult to handle, be it only because of the large amount of points involved.": (
        "Drawing the cube takes little code, but more elaborate figures quickly become hard to manage, if only "
        "because of how many points they involve."
    ),
    # page 8
    "In certain cases, one has to resort to the pnt function.": ("Sometimes there is no way around calling pnt."),
    # page 13
    "This function also returns the distance between the two points.": (
        "The distance separating the two points is given back by this function as well."
    ),
    # texlive-doc/latex/metaplot/metaplot_preprint.pdf (two columns)
    # page 1
    "Most methods of creating plots in METAPOST work by doing all of their calculations in METAPOST, or by "
    "doing all of their calculations in a preprocessing program.": (
        "The usual ways of plotting with MetaPost either compute everything inside MetaPost itself or compute "
        "everything in a separate program beforehand."
    ),
    # page 4
    "The next step after creating plot objects is manipulating them on the page by means of plot instances.": (
        "Once plot objects exist, plot instances are used to arrange them on the page."
    ),
    # page 8
    "The standardized plot-object interface simplifies the process of writing plot-generation programs, as they "
    "can leave the details of layout and annotation to the MetaPlot postprocessing.": (
        "Because plot objects share a standard interface, programs that generate plots are easier to write: they "
        "can hand layout and annotation over to MetaPlot's postprocessing."
    ),
    # texlive-doc/latex/elsarticle/elstest-3p.pdf (two columns)
    # page 1
    "In this work we demonstrate the formation of a new type of polariton on the interface between a cuprous "
    "oxide slab and a polystyrene micro-sphere placed on the slab.": (
        "The paper shows that a new kind of polariton forms at the boundary between a cuprous oxide slab and a "
        "polystyrene microsphere resting on it."
    ),
    # page 2
    "Below we compare the evanescent quadrupole polariton and conventional bulk quadrupole polariton in cuprous "
    "oxide.": ("The evanescent quadrupole polariton is then contrasted with the ordinary bulk one in cuprous oxide."),
    # texlive-doc/latex/quantumarticle/quantum-template.pdf (two columns)
    # page 1
    "In the standard, twocolumn, layout the abstract is typeset as a bold face first paragraph.": (
        "With the default two-column layout, the abstract appears as a first paragraph in bold."
    ),
    # page 1
    "A figure on the first page can help readers remember and recognize your work more easily.": (
        "Putting a figure on page one makes a paper easier for readers to recall and recognise."
    ),
    # page 3
    "Please make sure that your plots and figures can still be understood when printed in gray scale and avoid "
    "the simultaneous use of red and green, as the inability to distinguish these two colors is the most "
    "widespread form of color vision deficiency.": (
        "Figures should stay legible when printed in black and white, and red should not be paired with green, "
        "since red-green colour blindness is the most common kind."
    ),
    # page 5
    "In any case, we need the full source of a document that produces the problem and the log file showing the "
    "error to help you.": (
        "To get help, send the complete source of a document that triggers the problem together with the log file "
        "showing the error."
    ),
    # texlive-doc/generic/mfpic/mfpguide.pdf (one column)
    # page 2
    "What will be described here is the simplest case: a commandline system in which commands are typed at a "
    "keyboard.": (
        "The guide covers only the simplest setting, where commands are entered at a keyboard on a command line."
    ),
    # page 8
    "We can also draw smooth curves.": ("Smooth curves can be drawn as well."),
    # page 17
    "The first, third, etc., lengths represent the lengths of dashes (0pt means a dot), and the second, fourth, "
    "etc., represent spaces.": (
        "In a dash pattern the odd-numbered lengths give the dashes, zero meaning a dot, and the even-numbered "
        "ones give the gaps."
    ),
    # page 27
    "After changing modes.mf, you need to run whatever programs your TEX system requires to remake the metafont "
    "format.": (
        "Once modes.mf has been edited, the metafont format has to be rebuilt with whatever tools your TeX "
        "installation uses."
    ),
    # texlive-doc/metapost/mp3d/gut2001.pdf (one column)
    # page 1
    "METAPOST est un outil particulièrement bien adapté à la réalisation des dessins techniques d’un document.": (
        "Pour les dessins techniques d'un document, METAPOST convient tout particulièrement."
    ),
    # page 15
    "Sa méthode de construction est quelquefois appelée construction ou projection de Monge.": (
        "On nomme parfois cette façon de construire la projection de Monge."
    ),
    # page 26
    "Le problème qui se pose dans l’élimination (ou le traitement spécial) des parties cachées est cependant "
    "assez simple à exprimer et à résoudre sur une vue fixe.": (
        "Sur une vue fixe, cacher ou traiter à part les parties invisibles reste un problème assez simple à poser "
        "et à résoudre."
    ),
    # texlive-doc/latex/prerex/intro.pdf (one column)
    # page 4
    "SVG images can be rendered directly by all modern web browsers and are comparable to PDF in quality.": (
        "Every current web browser can show SVG pictures directly, at a quality on par with PDF."
    ),
    # page 7
    "If Gnome or KDE libraries are installed, variants gpdf, kghostview, evince, and kpdf (now renamed okular) "
    "of these programs are available.": (
        "With the Gnome or KDE libraries present, viewers such as gpdf, kghostview, evince and kpdf (now okular) "
        "can be used."
    ),
    # page 10
    "An arrow can be either a prerequisite (solid), a co-requisite (dotted), or recommended (dashed).": (
        "Arrows come in three kinds: solid for a prerequisite, dotted for a co-requisite and dashed for a "
        "recommendation."
    ),
    # texlive-doc/latex/knittingpattern/introduction.pdf (one column)
    # page 1
    "First, the class requires a number of other packages: graphicx, float, fancyhdr, longtable, calc and xcolor.": (
        "The class depends on several other packages, among them graphicx, fancyhdr, longtable and xcolor."
    ),
    # page 4
    "All of the commands are easily modifiable, and I would encourage you to edit them to find a style you "
    "like, or to make the commands more user-friendly.": (
        "The author invites users to adapt every command to their own taste or to make them easier to use."
    ),
    # texlive-doc/latex/quantumarticle/quantumview-template.pdf (one column)
    # page 1
    "The publishing process is different from that of regular articles in Quantum because Views are published "
    "as HTML only, and need not be uploaded to the arXiv.": (
        "Quantum Views follow a different publication route from ordinary articles: they appear only as HTML and "
        "do not have to go on the arXiv."
    ),
    # page 2
    "If you are unsure wether or not the command you want to use is supported, please consult the MathJax "
    "documentation.": ("When in doubt whether a command works, check MathJax's documentation."),
    # texlive-doc/latex/hagenberg-thesis/examples/HgbArticle/main.pdf (one column)
    # page 1
    "This document shows how to use the hgbarticle class, which combines the standard LaTeX article class with "
    "the hgb.sty (Hagenberg) thesis styles.": (
        "The document demonstrates the hgbarticle class, which merges LaTeX's standard article class with the "
        "Hagenberg thesis style hgb.sty."
    ),
    # texlive-doc/latex/gcard/gcard.pdf (one column)
    # page 1
    "The gcard package provides a means of producing simple greeting cards.": (
        "With gcard one can make plain greeting cards."
    ),
    # page 3
    "The only option handled directly by the package is showboxes, which is passed to the textpos package.": (
        "showboxes is the single option the package deals with itself, and it hands it on to textpos."
    ),
    # page 4
    "Also, if you produce a nice card with gcard, I’d enjoy seeing a .pdf copy.": (
        "The author would like to receive a PDF of any good card made with the package."
    ),
    # texlive-doc/latex/lectureslides/lectureslides-doc.pdf (one column)
    # page 1
    "Throughout an entire semester, there can be a large number of PDFs that would need to be searched.": (
        "Over a whole term, the number of PDF files one may have to search through can grow large."
    ),
    # page 2
    "Either optional argument can be left empty.": ("Both optional arguments may be given as empty."),
    # texlive-doc/generic/mfpic/mfpcard.pdf (three columns)
    # page 1
    "This information was prepared for version 1.10 of mfpic.": ("The card describes mfpic version 1.10."),
    # page 2
    "Curves are not necessarily ‘closed’ even if the start and end are the same.": (
        "A curve whose first and last points coincide is not automatically treated as closed."
    ),
    # texlive-doc/latex/flowfram/samples/sample-brochure.pdf (three columns)
    # page 2
    "The flowfram package is designed to enable you to create frames in a document such that the contents of "
    "the document environment flow from one frame to the next in the order that they were defined.": (
        "flowfram lets you define frames so that the document's text runs from one frame into the next in the "
        "order they were created."
    ),
    # page 3
    "The flowfram package provides three types of frame: flow frames, static frames and dynamic frames.": (
        "There are three kinds of frame in flowfram: flow, static and dynamic."
    ),
    # page 6
    "If you want to start a new page, rather than simply move to the next frame, use the command \\finishthispage.": (
        "To go to a fresh page instead of just the following frame, use \\finishthispage."
    ),
    # texlive-doc/latex/papertex/example/example.pdf (three columns)
    # page 3
    "This is an expanded “doublebox” title which breaks the text within a news.": (
        "Here a widened doublebox title interrupts the text of a news item."
    ),
    # page 4
    "This is an example of “editorial” type of news.": ("This item illustrates the editorial kind of news."),
    # debian-refcard/refcard-nl-a4.pdf.gz (three columns)
    # page 1
    "Alle informatie over het installatieprogramma is te vinden op https://www.debian.org/ devel/debian-installer/.": (
        "Op de debian-installer-pagina van debian.org staat alles over het installatieprogramma."
    ),
    # page 2
    "Toon versies en archiefgebieden van beschikbare pakketten.": (
        "Laat zien welke versies en archiefonderdelen er van beschikbare pakketten zijn."
    ),
    # debian-refcard/refcard-sv-a4.pdf.gz (three columns)
    # page 1
    "Detta dokument får användas enligt de villkor som framställs i GNU General Public License version 3 eller "
    "nyare.": ("Dokumentet får användas under GNU GPL version 3 eller senare."),
    # page 1
    "Skriv paketvalen till en fil.": ("Spara valen av paket i en fil."),
    # texlive-doc/metapost/featpost/doc/featpostbeamer.pdf (slides)
    # page 2
    "These schematic diagrams are vectorial and focus on the representation of edges (unlike ray-traced raster "
    "images that focus on surfaces).": (
        "The diagrams are vector drawings that stress edges, not surfaces as ray-traced bitmaps do."
    ),
    # page 24
    "FEATPOST uses the variable f as the point of view.": ("In FEATPOST the viewpoint is held in the variable f."),
    # page 64
    "Jens Schwaiger contributed new macros.": ("New macros were added by Jens Schwaiger."),
    # texlive-doc/metapost/featpost/doc/metapostpropaganda.pdf (slides)
    # page 9
    "METAPOST is the realm of graphic parameterization.": ("MetaPost is where graphics get parameterised."),
    # page 11
    "METAPOST helps the user to experiment different diagram layouts without changing specified geometric "
    "relationships among diagram elements.": (
        "With MetaPost one can try out different layouts of a diagram while the stated geometric relations between "
        "its parts stay fixed."
    ),
    # texlive-doc/latex/hyperref/slides.pdf (slides)
    # page 1
    "Additional possibilities for information and navigation through paper-less on-line documents that offer "
    "the PDF format.": ("The PDF format gives paperless online documents extra ways to inform and to navigate."),
    # page 11
    "This method is used by package hyperref.": ("hyperref relies on this approach."),
    # texlive-doc/latex/beamerthemelalic/beamerthemelalic-exemplo.pdf (slides)
    # page 5
    "Eslaide somente com o título principal.": ("Slide que traz apenas o título principal."),
    # texlive-doc/latex/beamertheme-simpledarkblue/beamertheme-simpledarkblue-sample.pdf (slides)
    # page 4
    "The title of the block is “Examples”.": ("This block is headed Examples."),
    # page 8
    "Uncomment the code on this slide to include your own image from the same directory as the template .TeX file.": (
        "To show your own picture, remove the comment marks from this slide's code and put the image in the "
        "template's folder."
    ),
    # texlive-doc/latex/tdclock/tdclock-beamer-example.pdf (slides)
    # page 2
    "This document uses the option resetatpages=2.": ("The option resetatpages=2 is set in this document."),
    # page 3
    "Here we have inserted the clock at the place reserved to the date, the foot line in the case of Madrid theme.": (
        "With the Madrid theme, the clock was put in the footline where the date normally goes."
    ),
    # texlive-doc/latex/beamertheme-npbt/example/NPBT_exsamle.pdf (slides)
    # page 2
    "Use it like any other beamer based theme!": ("The theme is used the same way as any other beamer theme."),
    # texlive-doc/latex/beamertheme-light/beamertheme-light-example.pdf (slides)
    # page 3
    "Use the command \\thankframe{mymessage} for the last frame.": (
        "For the closing frame, call \\thankframe with your message."
    ),
}
