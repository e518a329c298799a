"""Blind paraphrased claims about the held-out-3 real PDFs, for the citing part of the
PDF benchmark (benchmarks/pdf_real.py, ``FILES_HELD_OUT_3``, ``--split held-out-3``).

Each pairs a truth sentence of a held-out-3 file (exactly as ``truth_of`` gives it; the
page it lies on, noted above it, is the page a citation of the claim should name) with a
claim written by hand in other words.

Written 2026-11-29, begun by ``heldout3`` (64 claims) and completed by ``para3`` (108
more), blind: by reading only the truth sentences (pdftotext and pdfminer.six agreeing),
without reading the reader's or the citation engine's code (search/, reference/,
worker/) and without running deepref or any benchmark on these files. 172 claims over
every held-out-3 file but one, spread over each file's pages: two columns 47, one
column 52, three columns 36, slides 37 (slides and reference cards have few truth
sentences; too generic ones, placeholder Latin among them, have no claim). Most restate
the whole sentence in other words; some keep only the main part of a long one, or sum
it up in plain words as a user's answer sentence would: synonyms and changed structure,
not the sentence's distinctive phrases (a command's, option's or file's name stays
where nothing else names it). A claim is in the sentence's language (French for
gut2001, Dutch and Swedish for the reference cards, Portuguese for beamerthemelalic).
afparticle's afpsample.pdf (placeholder Latin) has no claim. A key is a truth sentence
of one held-out-3 file only. tests/benchmarks/test_pdf_real_claims.py checks every key
against the truth when the corpus is installed."""

from __future__ import annotations

PARAPHRASES: dict[str, str] = {
    # texlive-doc/metapost/featpost/doc/otherinfo/tb88henderson.pdf (two columns)
    # page 1
    "Individuals that use TEX (or any of its derivatives) to typeset their documents generally take extra "
    "measures to ensure paramount visual quality.": (
        "People who typeset with TeX or one of its offshoots usually go to extra lengths to get the best-looking "
        "output."
    ),
    # page 1
    "TEX was not designed for creating graphics; however, certain add-on packages can be used to create modest "
    "figures.": (
        "Drawing was never what TeX was built for, though a few extra packages let it produce simple figures."
    ),
    # page 2
    "These data types allow users to store fragments of the graphics for later use.": (
        "Storing pieces of a drawing to reuse later is what these kinds of data are for."
    ),
    # page 2
    "These EPS graphics are not self-contained in that fonts used in labels are not embedded into the graphic.": (
        "The EPS files that come out do not stand alone, since the fonts of their labels are left out of them."
    ),
    # page 3
    "Finally, the pen data type is used to affect the actual stroke paths.": (
        "The pen type controls how the drawn paths are stroked."
    ),
    # page 3
    "There are five built-in colors in METAPOST: black, white, red, green, and blue.": (
        "MetaPost has only five predefined colours: red, green, blue, black and white."
    ),
    # page 4
    "One reason for using this method to construct the annulus as opposed to the unfill command is to ensure "
    "proper transparency when placing the figure in an external document with a non-white background.": (
        "Building the ring this way instead of with unfill keeps it properly transparent when the figure is placed "
        "on a page whose background is not white."
    ),
    # page 5
    'Simple strings like "A" require no real typesetting to ensure that they appear properly in the figure.': (
        "A plain string such as a single letter needs no actual typesetting to show up correctly in a figure."
    ),
    # page 7
    "Finally, we mention that Knuth uses nothing but METAPOST for his diagrams.": (
        "Knuth draws every one of his diagrams with MetaPost alone."
    ),
    # texlive-doc/metapost/mp3d/tb57roeg.pdf (two columns)
    # page 1
    "METAPOST can be used to create animations.": ("Animated sequences can be produced with MetaPost."),
    # page 1
    "The lack of libraries is certainly due to the infancy of METAPOST (which came in the public domain at the "
    "beginning of 1995) and thus to the small number of its users.": (
        "Few libraries exist yet because MetaPost is young (freely available only since early 1995) and has few users."
    ),
    # page 2
    "A simple vector allocation mechanism solves the problem: we use a stack of vectors and we reserve and free "
    "vectors only on top of the stack.": (
        "The problem is handled by keeping vectors on a stack, reserving and releasing them only at its top."
    ),
    # page 3
    "Therefore, point 5 is the center of the tetrahedron, and the tetrahedron is set symmetrically with respect "
    "to the origin.": (
        "So the fifth point sits at the tetrahedron's centre, and the solid is placed symmetrically about the origin."
    ),
    # page 5
    "The sizes of the excerpts are only known when all images have been produced.": (
        "How large the cut-out parts have to be is known only once every image has been generated."
    ),
    # page 7
    "Another problem is to represent overlapping objects correctly.": (
        "Getting objects that overlap one another to display correctly is a further difficulty."
    ),
    # page 7
    "One solution is to sort all the faces according to their distance to the observer and, if two faces can not "
    "be ordered, to split them.": (
        "A fix would be to order every face by how far it lies from the viewer, splitting any two faces that "
        "cannot be ordered."
    ),
    # page 10
    "The color of absolute face number i is face_color_[i].": (
        "face_color_[i] holds the colour of the face whose absolute number is i."
    ),
    # texlive-doc/metapost/mp3d/tugboat-geometry-space.pdf (two columns)
    # page 2
    "As a consequence points and vectors must be freed in the reverse order than they were allocated.": (
        "Points and vectors therefore have to be released in the opposite order to their allocation."
    ),
    # page 3
    "An animation can be obtained by creating a sufficient amount of close views and by transforming the METAPOST "
    "outputs into GIF files.": (
        "Producing enough slightly differing views and converting MetaPost's output to GIF images yields an animation."
    ),
    # page 4
    "The source code producing the cube is rather simple, but it is easy to come up with drawings that are more "
    "complex and very difficult to handle, be it only because of the large amount of points involved.": (
        "Drawing the cube takes little code, but more elaborate figures quickly become hard to manage, if only "
        "because of how many points they involve."
    ),
    # page 6
    "Whereas the isometric perspective was invented by William Farish in 1822 to answer needs created by the "
    "industrial revolution, the real axonometric perspective is a perspective that originated in China and Japan, "
    "in particular because it is well suited to a presentation in rolls.": (
        "William Farish devised isometric drawing in 1822 for needs arising from the industrial revolution, "
        "whereas true axonometry comes from China and Japan, where it suited scrolls."
    ),
    # page 7
    "In the cabinet projection, the vanishing lines are represented at 1/2 scale which gives a more natural "
    "representation, even though there is no vanishing point.": (
        "Cabinet projection draws receding lines at half scale, which looks more natural even without a vanishing "
        "point."
    ),
    # page 8
    "In certain cases, one has to resort to the pnt function.": ("Sometimes there is no way around calling pnt."),
    # page 11
    "Seen in space, the theorem is very simple, but a purely plane proof is difficult.": (
        "Viewed in three dimensions the theorem is obvious, whereas proving it within the plane alone is hard."
    ),
    # page 13
    "This function also returns the distance between the two points.": (
        "The distance separating the two points is given back by this function as well."
    ),
    # page 15
    "First, it should be clear that we do not claim to compete with professional CAD or computer algebra tools.": (
        "The authors make no claim to rival professional CAD software or computer algebra systems."
    ),
    # texlive-doc/latex/metaplot/metaplot_preprint.pdf (two columns)
    # page 1
    "Most methods of creating plots in METAPOST work by doing all of their calculations in METAPOST, or by "
    "doing all of their calculations in a preprocessing program.": (
        "The usual ways of plotting with MetaPost either compute everything inside MetaPost itself or compute "
        "everything in a separate program beforehand."
    ),
    # page 1
    "One of the challenges of scientific writing in TEX (or in LATEX) is producing figures that are of comparable "
    "quality to the typesetting.": (
        "A difficulty when writing science in TeX or LaTeX is making figures that match the quality of the typeset "
        "text."
    ),
    # page 3
    "As a result, the possibility of coordinates too small or too large for METAPOST’s fixed-point number "
    "representation is avoided; in addition, positioning the plot on the page is a simple matter of scaling by the "
    "final width and height and shifting by the final position of the lower-left corner.": (
        "This rescaling keeps coordinates from overflowing or underflowing MetaPost's fixed-point numbers, and "
        "placing the plot then takes only a scaling and a shift."
    ),
    # page 4
    "The next step after creating plot objects is manipulating them on the page by means of plot instances.": (
        "Once plot objects exist, plot instances are used to arrange them on the page."
    ),
    # page 5
    "This is written so that the page-related variables do not appear in the denominator of fractions, because "
    "either one (or both) of them may be unknown when the macro is called, and METAPOST can only solve linear "
    "equations.": (
        "The page variables are kept out of denominators, since either could still lack a value at call time and "
        "MetaPost handles nothing but linear equations."
    ),
    # page 7
    "One of the particular reasons for developing MetaPlot was to have a way of producing contour plots, and so "
    "the MetaPlot package comes with a C++ program, MetaContour, for creating them.": (
        "MetaPlot was written partly to make contour plots, so it ships with MetaContour, a C++ program that "
        "produces them."
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
    # page 1
    "But even state-of-the-art planar micro-cavities can hold the light no longer than 10 µs.": (
        "Even the best planar microcavities available keep light trapped for at most 10 µs."
    ),
    # page 2
    "Below we compare the evanescent quadrupole polariton and conventional bulk quadrupole polariton in cuprous "
    "oxide.": ("The evanescent quadrupole polariton is then contrasted with the ordinary bulk one in cuprous oxide."),
    # page 3
    "The property of the scalable coupling factor can be utilized in practical applications such as non-linear "
    "optics and is the subject of our future work.": (
        "Practical uses such as nonlinear optics could exploit the coupling factor's scalability, which the "
        "authors intend to study next."
    ),
    # page 4
    "Physically this means that the resonant coupling with localized WGM does not let QE escape by means of its "
    "kinetic energy.": (
        "In physical terms, resonant coupling to the localized whispering-gallery mode stops the quadrupole "
        "exciton from escaping through its kinetic energy."
    ),
    # page 5
    "Recent experimental [14] and theoretical [15] studies have shown that the WGM can travel along the chain as "
    "”heavy photons”.": (
        "Experiments and theory have lately shown whispering-gallery modes moving down the sphere chain like heavy "
        "photons."
    ),
    # texlive-doc/latex/quantumarticle/quantum-template.pdf (two columns)
    # page 1
    "In the standard, twocolumn, layout the abstract is typeset as a bold face first paragraph.": (
        "With the default two-column layout, the abstract appears as a first paragraph in bold."
    ),
    # page 1
    "A figure on the first page can help readers remember and recognize your work more easily.": (
        "Putting a figure on page one makes a paper easier for readers to recall and recognise."
    ),
    # page 1
    "If you provide the ORCID number of an author by using the \\orcid command, the author name becomes a link to "
    "their page on orcid.org.": ("Giving an author's ORCID with \\orcid links their name to their orcid.org profile."),
    # page 2
    "For multi-line equations align is preferable over eqnarray.": (
        "Use align instead of eqnarray for equations spanning several lines."
    ),
    # page 3
    "Please make sure that your plots and figures can still be understood when printed in gray scale and avoid "
    "the simultaneous use of red and green, as the inability to distinguish these two colors is the most "
    "widespread form of color vision deficiency.": (
        "Figures should stay legible when printed in black and white, and red should not be paired with green, "
        "since red-green colour blindness is the most common kind."
    ),
    # page 3
    "Be advised that BibTeX does not support Unicode characters.": (
        "Note that Unicode characters cannot be handled by BibTeX."
    ),
    # page 4
    "Very wide equations can be shown expanding over both columns using the widetext environment.": (
        "The widetext environment lets an overly wide equation stretch across the two columns."
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
    # page 3
    "This is because mfpic reserves the amount of space specified in the arguments of the mfpic environment.": (
        "The reason is that mfpic sets aside as much room as the environment's arguments ask for."
    ),
    # page 5
    "To get the boundary back, simply add \\draw before the \\gfill.": (
        "Putting \\draw in front of \\gfill brings the outline back."
    ),
    # page 8
    "We can also draw smooth curves.": ("Smooth curves can be drawn as well."),
    # page 9
    "The command \\fcncurve does enforce this (assuming the points to be connected are listed in left-to-right "
    "order).": (
        "\\fcncurve guarantees that the curve runs from left to right, provided its points are given in that order."
    ),
    # page 16
    "There is a good reason for this: metapost cannot, without human aid, know if two points are the same, or "
    "merely accidentally so close that the accuracy of the program sees them as the same.": (
        "MetaPost cannot decide by itself whether two points truly coincide or are merely too close for its "
        "precision to tell apart."
    ),
    # page 17
    "The first, third, etc., lengths represent the lengths of dashes (0pt means a dot), and the second, fourth, "
    "etc., represent spaces.": (
        "In a dash pattern the odd-numbered lengths give the dashes, zero meaning a dot, and the even-numbered "
        "ones give the gaps."
    ),
    # page 22
    "In metapost, the only way to clear the inside of a region is to cover it up.": (
        "MetaPost can only erase a region's interior by painting over it."
    ),
    # page 23
    "Putting \\lclosed in front of \\polyline, for example, produces the same result as \\polygon.": (
        "Applying \\lclosed to a \\polyline gives what \\polygon would."
    ),
    # page 26
    "If there are 100 mfpic figures in a document, metapost produces 100 files (apart from a couple of temporary "
    "files and the .log file), but the metafont procedure produces only four files no matter how many figures are "
    "present.": (
        "With MetaPost every figure of a document gets a file of its own, whereas Metafont yields just four files "
        "however many figures there are."
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
    # page 1
    "Cet article est dédié à Donald Knuth dont la thèse portait sur la géométrie projective.": (
        "L'article rend hommage à Donald Knuth, qui avait consacré sa thèse à la géométrie projective."
    ),
    # page 2
    "Enfin, METAPOST signale si certaines équations sont redondantes ou inconsistantes.": (
        "METAPOST avertit aussi lorsque des équations se répètent ou se contredisent."
    ),
    # page 5
    "Ce module est disponible sur CTAN en graphics/metapost/macros/3d.": (
        "Le module se télécharge depuis CTAN (répertoire graphics/metapost/macros/3d)."
    ),
    # page 12
    "Elle correspond à un observateur à l’infini, mais qui regarde la scène avec un télescope de puissance infinie.": (
        "C'est comme regarder d'infiniment loin avec une lunette d'une puissance sans limite."
    ),
    # page 15
    "Sa méthode de construction est quelquefois appelée construction ou projection de Monge.": (
        "On nomme parfois cette façon de construire la projection de Monge."
    ),
    # page 22
    "La figure 15 illustre aussi le célèbre théorème de Girard Desargues (1639), qui est la pierre angulaire de la "
    "géométrie projective.": (
        "La figure 15 montre également le théorème de Desargues (1639), sur lequel repose toute la géométrie "
        "projective."
    ),
    # page 26
    "Le problème qui se pose dans l’élimination (ou le traitement spécial) des parties cachées est cependant "
    "assez simple à exprimer et à résoudre sur une vue fixe.": (
        "Sur une vue fixe, cacher ou traiter à part les parties invisibles reste un problème assez simple à poser "
        "et à résoudre."
    ),
    # page 28
    "Très souvent, certains points de fuite seront assez éloignés sur le dessin, voire en-dehors de celui-ci.": (
        "Il arrive fréquemment que des points de fuite tombent loin sur la figure, parfois même hors du dessin."
    ),
    # page 31
    "En ce qui concerne les systèmes d’enseignement de la géométrie, il faut citer en particulier le logiciel "
    "Cabri-Géomètre (cf. http://www.cabri.net).": (
        "Parmi les outils pour enseigner la géométrie, on doit mentionner Cabri-Géomètre."
    ),
    # texlive-doc/latex/prerex/intro.pdf (one column)
    # page 2
    "Prerequisite charts are useful to students selecting courses and planning their programs, and to faculty and "
    "staff advising students and managing curriculum development.": (
        "Such charts help students choose courses and plan their studies, and help the faculty and staff who "
        "advise them or shape the curriculum."
    ),
    # page 4
    "SVG images can be rendered directly by all modern web browsers and are comparable to PDF in quality.": (
        "Every current web browser can show SVG pictures directly, at a quality on par with PDF."
    ),
    # page 5
    "For example, the course code and the timetable information on the first line of course boxes are in a smaller "
    "font than the course name.": (
        "In a course box, the code and the schedule on the top line use smaller type than the title of the course."
    ),
    # page 6
    "You will be ”locked-in” to use the drafting service for every future modification of the chart.": (
        "Every later change to the chart would tie you to that drafting service."
    ),
    # page 7
    "If Gnome or KDE libraries are installed, variants gpdf, kghostview, evince, and kpdf (now renamed okular) "
    "of these programs are available.": (
        "With the Gnome or KDE libraries present, viewers such as gpdf, kghostview, evince and kpdf (now okular) "
        "can be used."
    ),
    # page 8
    "Serifs improve the readability of long texts.": ("Long passages are easier to read in a typeface with serifs."),
    # page 10
    "An arrow can be either a prerequisite (solid), a co-requisite (dotted), or recommended (dashed).": (
        "Arrows come in three kinds: solid for a prerequisite, dotted for a co-requisite and dashed for a "
        "recommendation."
    ),
    # page 11
    "A .tex file is essentially text with interspersed LaTeX commands, much as a web-page description has text "
    "with Hypertext Mark-up Language (HTML) tags interspersed.": (
        "Basically, .tex files hold prose mixed with LaTeX commands, the way a web page mixes its text with HTML tags."
    ),
    # page 12
    "The arrows produced by prereq, coreq, and recomm instructions by default are slightly curved (except very "
    "short ones).": ("By default, the arrows of recomm, prereq and coreq bend a little, apart from very short ones."),
    # texlive-doc/latex/knittingpattern/introduction.pdf (one column)
    # page 1
    "First, the class requires a number of other packages: graphicx, float, fancyhdr, longtable, calc and xcolor.": (
        "The class depends on several other packages, among them graphicx, fancyhdr, longtable and xcolor."
    ),
    # page 1
    "The image used throughout (lion.png) is the CTAN lion, drawn by Duane Bibby.": (
        "The picture used everywhere, lion.png, is Duane Bibby's drawing of the CTAN lion."
    ),
    # page 3
    "The rows have alternating colours for ease of reading.": (
        "Rows are shaded in two colours in turn so that they are easier to follow."
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
    # page 1
    "The editors at Quantum can then generate the HTML output by supplying the html option.": (
        "Quantum's editors produce the web version by turning on the html option."
    ),
    # page 2
    "If you are unsure wether or not the command you want to use is supported, please consult the MathJax "
    "documentation.": ("When in doubt whether a command works, check MathJax's documentation."),
    # page 2
    "As formulas are directly rendered on the webpage, you can not use custom commands and libraries.": (
        "Because equations are rendered straight in the browser, your own macros and packages cannot be used."
    ),
    # texlive-doc/latex/hagenberg-thesis/examples/HgbArticle/main.pdf (one column)
    # page 1
    "This document shows how to use the hgbarticle class, which combines the standard LaTeX article class with "
    "the hgb.sty (Hagenberg) thesis styles.": (
        "The document demonstrates the hgbarticle class, which merges LaTeX's standard article class with the "
        "Hagenberg thesis style hgb.sty."
    ),
    # page 1
    "When converting a thesis you thus need to demote all chapter commands to sections, sections to subsections etc.": (
        "Turning a thesis into an article therefore means moving every heading down a level: chapters become "
        "sections, sections subsections, and so on."
    ),
    # page 1
    "Thus elements inserted with \\includegraphics{..} should use the length \\columnwidth for scaling.": (
        "Images included with \\includegraphics should be scaled to \\columnwidth."
    ),
    # page 2
    "The only difference is that \\printbibliography is used directly at the end of the document.": (
        "The sole change: \\printbibliography comes as the document's very last command."
    ),
    # texlive-doc/latex/gcard/gcard.pdf (one column)
    # page 1
    "The gcard package provides a means of producing simple greeting cards.": (
        "With gcard one can make plain greeting cards."
    ),
    # page 1
    "The package formats the text into four “panels” and arranges them on the sheet so that they are correctly "
    "oriented when the sheet is folded twice to make a card.": (
        "gcard lays out four panels on one sheet, turned so that folding the sheet twice gives a properly oriented "
        "card."
    ),
    # page 2
    "Each environment sets its contents in a minipage of width \\panelwidth and height \\panelheight.": (
        "Every panel environment puts what it holds in a minipage sized \\panelwidth by \\panelheight."
    ),
    # page 3
    "The only option handled directly by the package is showboxes, which is passed to the textpos package.": (
        "showboxes is the single option the package deals with itself, and it hands it on to textpos."
    ),
    # page 3
    "If you load textpos explicitly, you must use its absolute option.": (
        "Loading textpos yourself requires giving it the absolute option."
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
    # page 1
    "This package allows for easily combining individual PDFs into a large one, indexing each with a title that "
    "PDF viewers can display. lectureslides also provides a table of contents.": (
        "lectureslides merges separate PDFs into one, labels each part with a heading that viewers show, and "
        "includes a contents list."
    ),
    # page 2
    "Either optional argument can be left empty.": ("Both optional arguments may be given as empty."),
    # page 3
    "Multiple \\lectureslides can be stringed together to include slides from different PDFs.": (
        "Several \\lectureslides commands in a row pull in slides from different PDF files."
    ),
    # texlive-doc/generic/mfpic/mfpcard.pdf (three columns)
    # page 1
    "This information was prepared for version 1.10 of mfpic.": ("The card describes mfpic version 1.10."),
    # page 2
    "Curves are not necessarily ‘closed’ even if the start and end are the same.": (
        "A curve whose first and last points coincide is not automatically treated as closed."
    ),
    # page 2
    "The following are closed (can be filled), as are \\rect, \\polygon, \\circle, and \\ellipse.": (
        "These paths are closed and so may be filled, like \\circle, \\ellipse, \\rect and \\polygon."
    ),
    # page 2
    "* The angle is optional, and ignored unless option mplabels is in effect. † \\plotdata also respects the "
    "\\using setting (see \\datafile in section General curves).": (
        "The angle argument may be omitted and only matters when the mplabels option is on; \\plotdata obeys the "
        "\\using setting too."
    ),
    # texlive-doc/latex/flowfram/samples/sample-brochure.pdf (three columns)
    # page 2
    "The flowfram package is designed to enable you to create frames in a document such that the contents of "
    "the document environment flow from one frame to the next in the order that they were defined.": (
        "flowfram lets you define frames so that the document's text runs from one frame into the next in the "
        "order they were created."
    ),
    # page 2
    "This is useful for creating posters or magazines or any other form of document that does not conform to the "
    "standard one or two column layout.": (
        "That suits posters, magazines and other documents that don't fit the usual single- or double-column layout."
    ),
    # page 2
    "If the columns are very narrow, it may be better to use \\raggedright, otherwise TEX may have a problem "
    "working out the line breaks.": (
        "With very narrow columns, \\raggedright can help, since TeX may otherwise struggle to find good line breaks."
    ),
    # page 3
    "The flowfram package provides three types of frame: flow frames, static frames and dynamic frames.": (
        "There are three kinds of frame in flowfram: flow, static and dynamic."
    ),
    # page 3
    "A dynamic frame is similar to a static frame, but its contents are re-typeset on each page. (A static frame "
    "stores its contents in a savebox, whereas a dynamic frame stores its contents in a macro).": (
        "Unlike a static frame, a dynamic one has its content typeset anew on every page, because it keeps it in a "
        "macro rather than a savebox."
    ),
    # page 3
    "It is recommended that all the flow frames in a document have the same width, otherwise problems may occur "
    "when a paragraph spans to flow frames of unequal widths.": (
        "Flow frames should all be equally wide, or a paragraph running on into a frame of another width can cause "
        "trouble."
    ),
    # page 3
    "Thus, a static frame can be used, for example, to make a company logo appear in the same place on every page.": (
        "A static frame is handy, say, for putting a company logo at a fixed spot on each page."
    ),
    # page 4
    "This can either have the values: all, even, odd or none (the latter removes the frame from that point "
    "on—useful if you have multiple pages with the same number), or it can be a comma-separated list of single "
    "pages, or page ranges.": (
        "Accepted values are all, odd, even and none, or else individual pages and ranges of pages given as a "
        "comma-separated list."
    ),
    # page 5
    "To unset a style, do style=none.": ("Setting style=none removes a style again."),
    # page 6
    "If you want to start a new page, rather than simply move to the next frame, use the command \\finishthispage.": (
        "To go to a fresh page instead of just the following frame, use \\finishthispage."
    ),
    # page 6
    "The flowfram package has the package option draft which will draw the bounding boxes for each frame defined.": (
        "With the draft option, flowfram outlines the bounding box of every frame."
    ),
    # texlive-doc/latex/papertex/example/example.pdf (three columns)
    # page 1
    "This is the caption of the main image on the front page.": (
        "The text under the front page's main picture is its caption."
    ),
    # page 2
    "This is the heading of a piece of news expanded over three columns.": (
        "Here a news item's headline stretches across three columns."
    ),
    # page 2
    "This is a column title using the “lines” style.": ("This column heading is set in the lines style."),
    # page 2
    "The news always end with a black square but you can change this.": (
        "By default every news item is closed off by a filled black square, which can be altered."
    ),
    # page 3
    "This is an expanded “doublebox” title which breaks the text within a news.": (
        "Here a widened doublebox title interrupts the text of a news item."
    ),
    # page 3
    "It can be useful when we want to embed a related text inside a piece of news.": (
        "That helps when a related piece of writing should be placed within a news article."
    ),
    # page 4
    "This is an example of “editorial” type of news.": ("This item illustrates the editorial kind of news."),
    # debian-refcard/refcard-nl-a4.pdf.gz (three columns)
    # page 1
    "Alle informatie over het installatieprogramma is te vinden op https://www.debian.org/ devel/debian-installer/.": (
        "Op de debian-installer-pagina van debian.org staat alles over het installatieprogramma."
    ),
    # page 1
    "Controleer de controlesom van geïnstalleerde pakketten.": (
        "Verifieer de checksums van pakketten die al op het systeem staan."
    ),
    # page 1
    "Toon bij welk pakket een bestand hoort.": ("Laat zien tot welk pakket een bepaald bestand behoort."),
    # page 2
    "Toon versies en archiefgebieden van beschikbare pakketten.": (
        "Laat zien welke versies en archiefonderdelen er van beschikbare pakketten zijn."
    ),
    # page 2
    "Werk de pakketlijsten bij vanuit de pakketbronnen uit het bestand /etc/apt/sources.list.": (
        "Vernieuw de lijsten van pakketten op basis van de bronnen die in /etc/apt/sources.list staan."
    ),
    # page 2
    "Verwijder pakketten waar geen andere pakketten van afhankelijk zijn.": (
        "Ruim pakketten op waarvan geen enkel ander pakket afhangt."
    ),
    # page 2
    "Net als apt upgrade, maar met geavanceerde conflictafhandeling.": (
        "Zoals apt upgrade, alleen met betere afhandeling van conflicten."
    ),
    # debian-refcard/refcard-sv-a4.pdf.gz (three columns)
    # page 1
    "Detta dokument får användas enligt de villkor som framställs i GNU General Public License version 3 eller "
    "nyare.": ("Dokumentet får användas under GNU GPL version 3 eller senare."),
    # page 1
    "Skriv paketvalen till en fil.": ("Spara valen av paket i en fil."),
    # page 1
    "Kopiera filer till annan dator (och vice versa).": ("Överför filer till en annan maskin eller därifrån."),
    # page 1
    "Visa och manipulera nätverksgränssnitt och routing, behöver iproute2.": (
        "Granska och ändra nätverkskort och routning; kräver iproute2."
    ),
    # page 2
    "Uppdaterar paketlistorna från paketförråden listade i /etc/apt/sources.list.": (
        "Hämtar nya paketlistor från de förråd som står i filen /etc/apt/sources.list."
    ),
    # page 2
    "Installera senaste versionen av alla installerade paket.": (
        "Uppgradera alla paket som finns på systemet till nyaste utgåvan."
    ),
    # page 2
    "Åsidosätt ett pakets version av en fil.": ("Ersätt den fil som ett paket levererar med en egen variant."),
    # texlive-doc/metapost/featpost/doc/featpostbeamer.pdf (slides)
    # page 2
    "These schematic diagrams are vectorial and focus on the representation of edges (unlike ray-traced raster "
    "images that focus on surfaces).": (
        "The diagrams are vector drawings that stress edges, not surfaces as ray-traced bitmaps do."
    ),
    # page 5
    "FEATPOST uses a projection plane that is perpendicular to the line of view and contains the viewcentr.": (
        "FEATPOST's projection plane passes through viewcentr and is at right angles to the viewing line."
    ),
    # page 6
    "One consequence of this setup is that f and viewcentr must not be on the same vertical line.": (
        "Because of this arrangement, f and viewcentr may not lie on one vertical line."
    ),
    # page 9
    "The spherical projection is the composition of two operations: (i) there is a projection onto a sphere and "
    "(ii) the sphere is plaited onto the projection plane.": (
        "Spherical projection combines two steps: mapping onto a sphere, then flattening that sphere onto the "
        "plane of projection."
    ),
    # page 12
    "When two lines cross, one should be able to see which line is in front of the other.": (
        "Where two lines intersect, the drawing should show which one lies in front."
    ),
    # page 14
    "The production of shadows involves the global variables LightSource, ShadowOn and HoriZon.": (
        "Shadows are controlled by the globals HoriZon, LightSource and ShadowOn."
    ),
    # page 16
    "A fat stick resembles the Teflon magnets used to mix chemicals.": (
        "A fat stick looks like a Teflon stirring bar from a chemistry lab."
    ),
    # page 18
    "Finaly, it is important to remember that some capabilities of FEATPOST, although usable, may be considered "
    "“buggy” or only partially implemented.": ("Some FEATPOST features work but are buggy or incomplete."),
    # page 20
    "It is highly beneficial to be able to understand and cope with METAPOST error messages as FEATPOST has no "
    "protection against mistaken inputs.": (
        "Since FEATPOST does not guard against bad input, knowing how to read MetaPost's error messages helps a lot."
    ),
    # page 21
    "It’s advisable not to try very complex diagrams at first and it’s recommended to keep 3D coordinates near "
    "order 1 (default METAPOST units).": (
        "Start with simple diagrams, and keep 3D coordinates around 1 in MetaPost's default units."
    ),
    # page 24
    "FEATPOST uses the variable f as the point of view.": ("In FEATPOST the viewpoint is held in the variable f."),
    # page 27
    "The most important macro is rp that converts 3D points to two-dimensional (2D) rigorous, orthogonal or "
    "fish-eye projections.": (
        "The key macro, rp, turns points in 3D into fish-eye, orthogonal or rigorous 2D projections."
    ),
    # page 33
    "Approximating a point in 3D-space with given distances from three other points is the same as calculating the "
    "intersection of three spheres.": (
        "Finding a point in space at set distances from three known points amounts to intersecting three spheres."
    ),
    # page 64
    "Jens Schwaiger contributed new macros.": ("New macros were added by Jens Schwaiger."),
    # page 64
    "Also, the very accurate criticism of Cristian Barbarosie has significantly contributed to fundamental "
    "improvements.": ("Cristian Barbarosie's precise critique led to major improvements."),
    # texlive-doc/metapost/featpost/doc/metapostpropaganda.pdf (slides)
    # page 1
    "Sort of workshop about TEX–things, focusing on the METAPOST language.": (
        "A kind of TeX workshop centred on MetaPost."
    ),
    # page 6
    "You choose what you get but you only get it at the end of a long path.": (
        "What you end up with is your choice, yet it arrives only after a long road."
    ),
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
    # page 17
    "UseOutlines, UseThumbs: Outlines, thumbnails are visible.": (
        "With UseOutlines or UseThumbs the bookmarks or the page thumbnails are shown."
    ),
    # page 17
    "After package has been loaded, it switches between Unicode and PDFDocEncoding.": (
        "Once loaded, the package toggles between PDFDocEncoding and Unicode."
    ),
    # page 26
    "The following examples uses commands of pdfTEX.": ("The next examples rely on pdfTeX commands."),
    # texlive-doc/latex/beamerthemelalic/beamerthemelalic-exemplo.pdf (slides)
    # page 5
    "Eslaide somente com o título principal.": ("Slide que traz apenas o título principal."),
    # texlive-doc/latex/beamertheme-simpledarkblue/beamertheme-simpledarkblue-sample.pdf (slides)
    # page 4
    "The title of the block is “Examples”.": ("This block is headed Examples."),
    # page 4
    "Sample text in green box.": ("The green box holds example text."),
    # page 8
    "Uncomment the code on this slide to include your own image from the same directory as the template .TeX file.": (
        "To show your own picture, remove the comment marks from this slide's code and put the image in the "
        "template's folder."
    ),
    # texlive-doc/latex/tdclock/tdclock-beamer-example.pdf (slides)
    # page 2
    "This document uses the option resetatpages=2.": ("The option resetatpages=2 is set in this document."),
    # page 2
    "Wait some seconds until you see the crono advancing, then go to the next page, go back to this page again and "
    "wait some seconds to see how the crono is reset.": (
        "After a few seconds, leave the page and come back to it to watch the chronometer restart from zero."
    ),
    # page 3
    "Here we have inserted the clock at the place reserved to the date, the foot line in the case of Madrid theme.": (
        "With the Madrid theme, the clock was put in the footline where the date normally goes."
    ),
    # page 3
    "Look at the foot!, the clock must be running.": ("The clock in the footer should be ticking."),
    # page 4
    "Click at the left button, see what happens (you must wait 10 seconds), then click at the right button and see "
    "the result.": ("Press the left button, wait ten seconds, then press the right one to see what it does."),
    # texlive-doc/latex/beamertheme-npbt/example/NPBT_exsamle.pdf (slides)
    # page 2
    "Use it like any other beamer based theme!": ("The theme is used the same way as any other beamer theme."),
    # page 4
    "All the grate people supporting me to make this all happen.": (
        "Thanks go to everyone who helped make this possible."
    ),
    # texlive-doc/latex/beamertheme-light/beamertheme-light-example.pdf (slides)
    # page 2
    "The beamer document will have the same layout as this document.": (
        "Your beamer slides will look just like this example."
    ),
    # page 3
    "Use the command \\thankframe{mymessage} for the last frame.": (
        "For the closing frame, call \\thankframe with your message."
    ),
}
