"""Paraphrased claims about sentences of the real PDFs, for tuning the citing part of the
PDF benchmark on real layouts (benchmarks/pdf_real.py).

Each pairs a truth sentence of a file of ``FILES`` (exactly as ``truth_of`` gives it;
the page it starts on is the page a citation of the claim should name) with a claim
written by hand in other words. Both splits of ``split_of`` count as tune data here.

Written 2026-11-29 by ``paratune``, blind: from the truth sentences only, without
reading the citation engine's code (reference/, worker/pipeline/, search/) or any
benchmark result about citing. 157 claims over every file of two pages or more that has
truth sentences (the two-column, one-column, three-column reference card and slide
kinds), from each file's first page to its last, sentences that resemble others in the
same document included (the table placed after this sentence, Table 1 and Table 2; the
figure and the table placed near their first mention; one option and its neighbour). 118
(75%) restate the whole sentence, 20 (13%) only the main part of a long one, 19 (12%)
sum it up in plain words as a user's answer sentence would: synonyms and changed
structure, not the sentence's distinctive phrases (a command's, option's or file's name
stays where nothing else names it). Claims about a French, German, Spanish, Italian or
Portuguese sentence are written in that language.

Several sample files share text (the acmart samples; elsarticle's one paper in three
layouts; confproc's two papers; the English reference cards), so a key may be a truth
sentence of more than one file; it is grouped under one of them. The files of one kind
with no truth sentence (most beamer themes' slides) have no claims.
tests/benchmarks/test_pdf_real_claims.py checks every key against the truth when the
corpus is installed."""

from __future__ import annotations

PARAPHRASES: dict[str, str] = {
    # texlive-doc/latex/acmart/samples/sample-sigconf.pdf (two columns)
    "Numerous ACM and SIG-specific LATEX templates have been examined, and their unique features incorporated "
    "into this single new template.": (
        "This one new template was built by studying many earlier ACM and SIG LaTeX templates and merging what "
        "was distinctive in each."
    ),
    "Your document will be returned to you for revision if modifications are discovered.": (
        "If changes to the template are detected, the paper is sent back to its authors to be revised."
    ),
    "The “lmodern” and “ltimes” packages should not be used, as they will override the built-in typeface families.": (
        "Avoid the lmodern and ltimes packages, because they replace the fonts the class provides."
    ),
    "If your title is lengthy, you must define a short version to be used in the page headers, to prevent "
    "overlapping text.": (
        "A long title needs a shortened form for the running heads so that the text there does not overlap."
    ),
    "If your author list is lengthy, you must define a shortened version of the list of authors to be used in the "
    "page headers, to prevent overlapping text.": (
        "When there are many authors, a shorter list of names has to be given for the page headers so the header "
        "text does not collide."
    ),
    "The ACM Reference Format text is required for all articles over one page in length, and is optional for "
    "one-page articles (abstracts).": (
        "Every article longer than a single page must carry the ACM Reference Format text, which one-page "
        "abstracts may leave out."
    ),
    "CCS concepts and user-defined keywords are required for for all articles over two pages in length, and are "
    "optional for one- and two-page articles (or abstracts).": (
        "Papers of more than two pages must list CCS concepts and their own keywords; for abstracts of one or two "
        "pages these are optional."
    ),
    "Because tables cannot be split across pages, the best placement for them is typically the top of the page "
    "nearest their initial cite.": (
        "Since a table cannot break across pages, it usually sits best at the top of the page closest to where it "
        "is first referred to."
    ),
    "Immediately following this sentence is the point at which Table 1 is included in the input file; compare the "
    "placement of the table here with the table in the printed output of this document.": (
        "The source file brings in Table 1 directly after this sentence, so you can compare that spot with where "
        "the table ends up in print."
    ),
    "Immediately following this sentence is the point at which Table 2 is included in the input file; again, it "
    "is instructive to compare the placement of the table here with the table in the printed output of this "
    "document.": (
        "Table 2 is inserted into the input right after this sentence, and it is worth comparing that position "
        "with its placement in the output."
    ),
    "This enables assistive technologies to recognise table headers and support their users in navigating tables "
    "more easily.": (
        "Doing so lets screen readers and similar tools identify header rows and help people move through a table."
    ),
    "A figure description must be unformatted plain text less than 2000 characters long (including spaces).": (
        "Descriptions of figures have to be plain text without formatting, under 2000 characters with spaces counted."
    ),
    "The last language indicated is the main language of the paper.": (
        "Whichever language is named last is taken to be the paper's primary language."
    ),
    # texlive-doc/latex/acmart/samples/sample-sigplan.pdf (two columns)
    "Abstract A clear and well-documented LATEX document is presented as an article formatted for publication by "
    "ACM in a conference proceedings or journal publication.": (
        "The paper is a clear, well-documented LaTeX example laid out the way ACM publishes articles in "
        "conference proceedings or journals."
    ),
    "The “acmart” document class can be used to prepare articles for any ACM publication — conference or journal, "
    "and for any stage of publication, from review to final “cameraready” copy, to the author’s own version, with "
    "very few changes to the source.": (
        "One class serves every ACM venue and every stage from review to final copy, with hardly any edits to the "
        "source."
    ),
    "The ACM Computing Classification System — https:// www.acm.org/publications/class-2012 — is a set of "
    "classifiers and concepts that describe the computing discipline.": (
        "ACM's Computing Classification System is a collection of concepts and classifiers that together describe "
        "the field of computing."
    ),
    "As with a singlecolumn table, this wide table will “float” to a location deemed more desirable.": (
        "Just like a table one column wide, this full-width table moves to whatever position is judged better."
    ),
    "A formula that appears in the running text is called an inline or in-text formula.": (
        "A formula set inside a line of ordinary text is what is meant by an inline formula."
    ),
    "For additional information regarding how best to write figure descriptions and why doing this is so "
    "important, please see https: //www.acm.org/publications/taps/describing-figures/.": (
        "ACM's TAPS pages explain how to write good figure descriptions and why they matter so much."
    ),
    # texlive-doc/latex/acmart/samples/sample-acmtog.pdf (two columns)
    "ACM’s consolidated article template, introduced in 2017, provides a consistent LATEX style for use across "
    "ACM publications, and incorporates accessibility and metadata-extraction functionality necessary for future "
    "Digital Library endeavors.": (
        "Since 2017 ACM has offered one consolidated LaTeX article template that gives all its publications a "
        "consistent style."
    ),
    "The primary parameter given to the “acmart” document class is the template style which corresponds to the "
    "kind of publication or SIG publishing the work.": (
        "The main option passed to the acmart class is the template style, matching the type of publication or "
        "the SIG that publishes the paper."
    ),
    "The “acmart” document class requires the use of the “Libertine” typeface family.": (
        "With the acmart class, the Libertine fonts are mandatory."
    ),
    "Each author must be defined separately for accurate metadata identification.": (
        "So that metadata picks them out correctly, every author has to be declared individually."
    ),
    "The use of BibTEX for the preparation and formatting of one’s references is strongly recommended.": (
        "Authors are strongly advised to prepare and format their reference lists with BibTeX."
    ),
    "If your work needs an appendix, add it before the “\\end{document}” command at the conclusion of your source "
    "document.": (
        "An appendix, when there is one, belongs just ahead of the closing end-document command at the end of the "
        "source."
    ),
    "The “sigchi-a” template style (available only in LATEX and not in Word) produces a landscape-orientation "
    "formatted article, with a wide left margin.": (
        "The sigchi-a style, which Word does not offer, lays the article out sideways on the page with a broad "
        "margin on the left."
    ),
    # texlive-doc/latex/acmart/samples/sample-acmengage.pdf (two columns)
    "The synopsis is similar to a paper abstract.": (
        "The synopsis plays much the same role as the abstract of a paper."
    ),
    "The synopsis should be copied into ScholarOne as the abstract for submission.": (
        "When submitting, paste the synopsis into ScholarOne as the abstract."
    ),
    "The synopsis lets other instructors quickly understand what this material is about.": (
        "Thanks to the synopsis, fellow teachers can see at a glance what the material covers."
    ),
    "Think of this section as the information you would provide a colleague before they use this OER in their "
    "classroom.": ("Write this part as the briefing you would give a colleague before they teach with the resource."),
    "You must provide a list of the contents of the zipped file including a description of each contained file.": (
        "A listing of what the zip archive holds, describing every file in it, is required."
    ),
    "Up to three topics may be selected.": "At most three topics can be chosen.",
    "If there are no References, Auxiliary Materials should be last.": (
        "When a paper has no reference list, the auxiliary materials section comes at the end."
    ),
    # texlive-doc/latex/mnras/mnras_guide.pdf (two columns)
    "This is not a general guide on how to use LATEX, and nor does it replace the journal’s instructions to authors.": (
        "The guide neither teaches LaTeX in general nor takes the place of the journal's own instructions for authors."
    ),
    "Papers must be submitted electronically via the online submission system; paper submissions are not permitted.": (
        "Manuscripts can only be sent in through the online system; printed submissions are not accepted."
    ),
    "There are two forms of the title: the full version used on the first page, and a short version which is used "
    "in the header of other oddnumbered pages (the ‘running head’).": (
        "The title exists in two versions, the complete one on page one and a shortened running head on the other "
        "odd pages."
    ),
    "If a paper has a large number of equations, it may be better to number them by section (2.1, 2.2 etc.).": (
        "When a paper contains many equations, numbering them within each section can work better."
    ),
    "The LATEX float placement commands [htbp] are intentionally disabled.": (
        "The usual LaTeX float placement options such as [htbp] have been switched off on purpose."
    ),
    "However, if a paper has exactly three authors, MNRAS style is to list all three on the first citation and "
    "use ‘et al.’ thereafter.": (
        "For a paper with exactly three authors, the journal names all of them the first time it is cited and "
        "writes et al. after that."
    ),
    "Please only include packages which are actually used in the paper, and include a comment to explain what "
    "each one does.": ("Load only the packages the paper really needs, each with a note saying what it is for."),
    "Please only include commands which are actually used in the paper, and include a comment to explain what "
    "each one does.": ("Define only the custom macros the paper really uses, each with a note saying what it does."),
    "Use \\newcommand, not \\def, as this will avoid accidentally overwriting existing commands.": (
        "Prefer \\newcommand to \\def so that commands that already exist are not replaced by mistake."
    ),
    "Most mathematics and text formatting works as expected, but some commands might not be the correct size, "
    "bold or italic.": (
        "Maths and text formatting mostly behave normally, though a few commands may come out at the wrong size "
        "or weight, or without their slant."
    ),
    # texlive-doc/latex/revtex/aip/aipguide4-2.pdf (two columns)
    "The AIP substyles distribution for REVTEX 4.2 includes a sample document (aipsamp.tex), a good starting "
    "point for the manuscript you are preparing for submission to an AIP journal.": (
        "The AIP substyles ship with a sample file, aipsamp.tex, which makes a good base for a manuscript meant "
        "for an AIP journal."
    ),
    "To determine if the problem you are experiencing belongs to REVTEX or is specific to the AIP substyles, "
    "simply remove aip from your document class options and rerun your document.": (
        "To tell whether a fault lies in REVTeX or in the AIP additions, take the aip class option out and "
        "compile again."
    ),
    "Bibliographic entries are sorted by alphabetical order of first author’s surname, then by year.": (
        "Entries in the reference list are ordered alphabetically by the first author's family name, and then by year."
    ),
    "One AIP journal, Chaos, requires a paragraph of text to precede the first \\section of the article; this is "
    "known as a lead paragraph and is formatted boldface.": (
        "Chaos asks for a bold lead paragraph placed ahead of the article's first section."
    ),
    "Be sure to check the end of the aipsamp.log file for any message advising you to rerun latex.": (
        "Look at the bottom of aipsamp.log for a message telling you to run latex again."
    ),
    # texlive-doc/latex/revtex/aps/apsguide4-2.pdf (two columns)
    "Articles published in American Physical Society journals are converted to an XML file during final journal "
    "production.": ("In the last production stage, papers in APS journals are turned into XML."),
    "The preprint primarily does three things: It increases the font size to 12pt, increases the line spacing, "
    "and changes the formatting to single column.": (
        "The preprint option mainly enlarges the type to 12pt, spaces the lines further apart and switches to one "
        "column."
    ),
    "Letter size formatting ensures that this will be trouble free for all referees.": (
        "Setting the paper up for US letter means every reviewer can print it without difficulty."
    ),
    "Note that in REVTEX 4.2, the abstract must come before the \\maketitle command.": (
        "With REVTeX 4.2 the abstract has to appear ahead of \\maketitle."
    ),
    "New fonts may not be declared with \\newfont.": ("Declaring additional fonts through \\newfont is not permitted."),
    "Figures should be placed as close as possible to the point where they are first referenced.": (
        "Put each figure as near as you can to where the text first mentions it."
    ),
    "Tables should be placed as close as possible to the point where they are first referenced.": (
        "Each table belongs as close as possible to its first mention in the text."
    ),
    "This will place the rotated table on its own page.": "The rotated table then gets a page to itself.",
    "Authors may not use TEX’s lowlevel commands \\def, \\edef, and \\gdef.": (
        "The primitive TeX definitions \\def, \\edef and \\gdef are off limits to authors."
    ),
    # texlive-doc/latex/revtex/auguide/summary4-2.pdf (two columns)
    "Environments are indicated by \\begin{<env>} and always require a matching \\end{<env>}.": (
        "An environment opens with \\begin{<env>} and must always be closed by the corresponding \\end{<env>}."
    ),
    "Move all floats to the end of the document and put each on a separate page.": (
        "Sends every float to the end of the document, one per page."
    ),
    "Multiple \\preprint macros may be supplied, but space may limit how many can appear.": (
        "Several \\preprint macros can be given, though there may not be room to show them all."
    ),
    "Matrices with square brackets as delimiters.": "A matrix enclosed in square brackets.",
    "Matrices with vertical bars as delimiters.": "A matrix bounded on each side by a vertical line.",
    "Declare a new math operator so that spacing and font is correct.": (
        "Defines a new mathematical operator that gets the right spacing and typeface."
    ),
    "Low-level switch to a two column layout.": "A basic command that changes the layout to two columns.",
    # texlive-doc/latex/revtex/auguide/auguide4-2.pdf (two columns)
    "This is the author’s guide to REVTEX 4.2, the preferred submission format for all APS and AIP journals.": (
        "The document is the authors' manual for REVTeX 4.2, the format every APS and AIP journal prefers for "
        "submissions."
    ),
    "One should always use these macros rather than the lower-level TEX macros \\it, \\bf, and \\tt.": (
        "These macros should always be preferred to TeX's low-level \\it, \\bf and \\tt."
    ),
    "If attempting to use this package, be sure to put any \\newfloat commands after the \\begin{document} line.": (
        "With this package, every \\newfloat command has to come after the line that begins the document."
    ),
    "The \\collaboration command should appear at the end of the list of authors.": (
        "Put \\collaboration after the last of the authors."
    ),
    "Duplicate sets of ancillary data are merged, giving rise to a single shared footnote.": (
        "Identical sets of extra author information are combined into one footnote that they share."
    ),
    "When drafting papers, it is common to use a one-column format.": (
        "A single-column layout is usual while a paper is still a draft."
    ),
    "REVTEX 4.2 provides the linenumbers class option to enable line numbering.": (
        "Lines are numbered when REVTeX 4.2's linenumbers class option is given."
    ),
    "The command \\nonumber will suppress the numbering on a single line of an eqnarray.": (
        "\\nonumber removes the number from one line of an eqnarray."
    ),
    "REVTEX 4 required by-hand editing of the BibTEX output.": (
        "With the earlier REVTeX 4, authors had to fix BibTeX's output manually."
    ),
    "Tables without captions won’t be numbered.": "A table that has no caption gets no number.",
    "For wide figures, the \\figure* environment should be used instead.": (
        "Figures that are too wide should use the starred figure environment instead."
    ),
    "For wide tables, the \\table* environment should be used instead.": (
        "Tables that are too wide should use the starred table environment instead."
    ),
    "Such a “stuck” float may mean that it and all floats that follow are moved to the end of the job (and if "
    "there are too many of floats, the fatal error Too many unprocessed floats will occur).": (
        "A float that gets stuck can drag itself and every later float to the end of the document."
    ),
    "Note that the .rty file should be in the same directory as the TEX file.": (
        "The .rty file must be kept in the same folder as the TeX source."
    ),
    # texlive-doc/latex/elsarticle/elstest-5p.pdf (two columns)
    "This quasiparticle is formed by the resonant interaction between the WGM in PMS and QE in the adjacent layer "
    "of cuprous oxide.": (
        "Resonant coupling between the sphere's whispering-gallery mode and the quadrupole excitons of the "
        "neighbouring cuprous oxide creates this quasiparticle."
    ),
    "The above expression shows the formation of the doublet at resonance (both states are exactly half-QE, "
    "half-WGM).": (
        "At resonance the expression yields a doublet whose two states are each exactly half exciton and half "
        "whispering-gallery mode."
    ),
    "The linewidth of the mixed state is expected to be in the first approximation the sum of the exciton and "
    "photon linewidth weighted by the exciton and photon component of the polariton.": (
        "To first order, the mixed state's linewidth should be the exciton and photon linewidths added with "
        "weights set by the polariton's exciton and photon shares."
    ),
    "At these wavelengths, the light undergoes total internal reflection at the sphere surface and becomes "
    "trapped within the particle for timescales of the order of ns.": (
        "At such wavelengths light is totally reflected inside the sphere's surface and stays trapped in it for "
        "nanoseconds."
    ),
    # texlive-doc/latex/elsarticle/elstest-3pd.pdf (two columns)
    "Note that QE realizes strong coupling regime g1,39 > γ while DE demonstrates weak regime only [7]. The "
    "property of the scalable coupling factor can be utilized in practical applications such as non-linear optics "
    "and is the subject of our future work.": (
        "The quadrupole exciton reaches strong coupling, whereas the dipole exciton only ever shows weak coupling."
    ),
    "The applied stress changes the crystal symmetry, so that usually optically inactive para-excitons may couple "
    "to the WGM. Note that due to spin-orbit interaction the paraexcitons are 12 µeV below the ortho-exciton.": (
        "Stress lowers the crystal's symmetry, which lets para-excitons that are normally optically dark couple "
        "to the whispering-gallery mode."
    ),
    # texlive-doc/latex/ieeepes/ieeepes_doc.pdf (two columns)
    "It is assumed that the reader is familiar with a standard LATEX setup.": (
        "Readers are expected to know their way around an ordinary LaTeX installation."
    ),
    "The file ieeepes.bst must be copied into a directory where BibTEX looks for BibTEX styles.": (
        "Copy ieeepes.bst into one of the folders BibTeX searches for style files."
    ),
    "When the text of the paper is finished, the two columns on the last page must be justified manually by "
    "inserting a \\columnbreak at the correct position.": (
        "Once the text is final, the last page's columns have to be evened out by hand with a \\columnbreak in the "
        "right place."
    ),
    "Printing can be done on either A4 or USletter paper, there is no difference for the resulting camera ready "
    "copy.": ("You may print on A4 or US letter paper, as the camera-ready result is identical either way."),
    "Care must be taken with table captions, which have to be inserted before the table.": (
        "Be careful with table captions: they have to be placed ahead of the table."
    ),
    "Because of the use of the TEX paragraph parameters \\hangindent and \\hangafter to leave enough space for the "
    "photograph, it is vitally important to have enough text material in the first paragraph of the biography "
    "environment.": (
        "Since room is kept free for the author's photo, a biography's opening paragraph must be long enough."
    ),
    "Table captions must be inserted before the table.": ("A table's caption has to come before the table itself."),
    "Punctuation marks follow the \\cite command.": "Punctuation is placed after \\cite, not before it.",
    "Ensure the two columns on the last page are balanced.": (
        "Make sure both columns of the final page end at the same height."
    ),
    # texlive-doc/latex/asmeconf/asmeconf-template.pdf (two columns)
    "If you get an error message about a missing package, you may download it at no cost from CTAN (ctan.org).": (
        "Should LaTeX complain that a package is missing, it can be fetched free of charge from CTAN."
    ),
    "The class enables inline author names, following ASME’s current style, but can also produce the traditional "
    "grid style.": (
        "Author names are set inline as ASME now asks, although the older grid arrangement is also available."
    ),
    "Table captions should be placed above tables.": "Captions for tables go on top of them.",
    "Two column tables (and figures) will always float to the top of a later page.": (
        "Tables and figures that span both columns always move to the top of a following page."
    ),
    "ASME’s bibliography style requires that document titles be in title case.": (
        "In ASME's reference style, titles of cited works must be capitalised in title case."
    ),
    "The option [nofoot] will omit the ASME copyright from the page footer.": (
        "With [nofoot], the page footer leaves out the ASME copyright line."
    ),
    "The option [contractor] will produce a copyright notice for authors who are employed by a U. S. Government "
    "contractor.": (
        "The [contractor] option prints a copyright notice suited to authors who work for a US government contractor."
    ),
    "If no language options are given, the package defaults to English.": (
        "When no language option is set, English is used."
    ),
    "ASME publishes in English, but the babel package is loaded for users who may wish to include other languages.": (
        "Although ASME's papers are in English, babel is loaded so that other languages can appear too."
    ),
    # texlive-doc/latex/confproc/example/papers/p_001.pdf (two columns)
    "The reference format is the standard IEEE one.": "References follow the usual IEEE style.",
    "DO NOT send us papers directly by e-mail.": "Do not e-mail your paper straight to the organisers.",
    # texlive-doc/latex/confproc/example/papers/p_007.pdf (two columns)
    "The templates are available in electronic form on the following website: http://www.dafx.ca.": (
        "The templates can be downloaded from the dafx.ca website."
    ),
    "Please, submit full-length papers (max. 6 pages for oral presentation and max. 4 pages for posters).": (
        "Full papers may run to six pages for an oral talk and four pages for a poster."
    ),
    "Submission is fully electronic and automated through the Conference Web Submission System.": (
        "Papers are handed in entirely online through the conference's automated system."
    ),
    # texlive-doc/latex/acmart/samples/sample-acmsmall.pdf (one column)
    "Your figures should contain a caption which describes the figure to the reader.": (
        "Each figure ought to have a caption explaining it to the reader."
    ),
    # texlive-doc/latex/elsarticle/elstest-1p.pdf (one column)
    "In this work we demonstrate the formation of a new type of polariton on the interface between a cuprous "
    "oxide slab and a polystyrene micro-sphere placed on the slab.": (
        "The authors show a new kind of polariton appearing where a small polystyrene bead rests on a slab of "
        "cuprous oxide."
    ),
    "There are several methods to observe WGM-QE interaction.": (
        "The coupling of whispering-gallery modes to quadrupole excitons can be observed in more than one way."
    ),
    "For the same reason we consider only bulk polaritons.": (
        "For that same reason, only bulk polaritons are considered."
    ),
    "Hence, γ is defined by the QE linewidth.": "So γ is set by the linewidth of the quadrupole exciton.",
    "But the spatial coherence is limited to a small region near the sphere.": (
        "Spatial coherence, however, only extends over a small area around the sphere."
    ),
    "Here η defined as η = |r0 + δr|/r0 ≥ 1 is a dimensionless distance between the centers of the spheres.": (
        "The dimensionless separation of the sphere centres is η = |r0 + δr|/r0, which is never below 1."
    ),
    # debian-refcard/refcard-en-a4.pdf.gz (three columns)
    "Write package selections to file.": "Saves the current choice of packages into a file.",
    "Set package selections from file.": "Loads the choice of packages back from a file.",
    "Override a package’s version of a file.": (
        "Makes the system use your own copy of a file instead of the one a package installs."
    ),
    "All log files are under this directory.": "This folder holds every log file.",
    # debian-refcard/refcard-en-lt.pdf.gz (three columns)
    "APT Update packages listings from package repositories as listed in /etc/apt/sources.list.": (
        "Refreshes the lists of packages from the repositories named in /etc/apt/sources.list."
    ),
    "List all packages needed by the one given.": "Shows every package that the named package depends on.",
    "List all packages that need the one given.": "Shows every package that depends on the named package.",
    "Report a bug by e-mail.": "Sends a bug report through email.",
    # debian-refcard/refcard-fr-a4.pdf.gz (three columns)
    "Rechercher un fichier dans les paquets.": ("Chercher parmi le contenu des paquets celui qui fournit un fichier."),
    "Comparer les numéros de versions.": "Compare deux numéros de version entre eux.",
    "Ce document peut être utilisé selon les termes de la « GNU General Public License » version 3 ou supérieure.": (
        "Ce document est distribué sous la GPL, en version 3 ou ultérieure."
    ),
    "Supprimer les paquets dont aucun autre paquet ne dépend.": (
        "Retire les paquets dont plus aucun autre paquet n'a besoin."
    ),
    # debian-refcard/refcard-de-a4.pdf.gz (three columns)
    "Anzeigen, zu welchem Paket eine Datei gehört.": "Zeigt, aus welchem Paket eine bestimmte Datei stammt.",
    "Eine inoffizielle deutsche Übersetzung der GPL ist unter http://www. gnu.de/documents/gpl-3.0.de.html zu "
    "finden.": ("Die GPL gibt es auch in einer inoffiziellen Übersetzung ins Deutsche."),
    "Erforderlich, wenn der Inhalt der Depots oder die Datei selbst geändert wurde.": (
        "Nötig, sobald sich die Datei oder der Inhalt der Paketquellen ändert."
    ),
    "Installieren der neuesten Versionen aller derzeit installierten Pakete.": (
        "Bringt alle bereits installierten Pakete auf ihren neuesten Stand."
    ),
    # debian-refcard/refcard-es-a4.pdf.gz (three columns)
    "Elimina los paquetes de los que no dependa ningún otro paquete.": (
        "Borra los paquetes que ya no necesita ningún otro paquete."
    ),
    "Copia archivos de/a otro sistema.": "Transfiere archivos hacia otra máquina o desde ella.",
    "Busque el PID con ps.": "El identificador del proceso se averigua con ps.",
    "Instala paquetes de los repositorios, satisfaciendo las dependencias.": (
        "Instala paquetes desde los repositorios resolviendo lo que necesitan."
    ),
    # debian-refcard/refcard-it-a4.pdf.gz (three columns)
    "Esegue il login su un’altra macchina.": "Apre una sessione su un computer remoto.",
    "Tutto sui bug esistenti e risolti.": ("Qui si trovano le informazioni sui difetti noti e su quelli già corretti."),
    "Riavvia un servizio, un demone.": "Fa ripartire un servizio o un demone.",
    "Ferma un servizio, un demone.": "Arresta un servizio o un demone.",
    "Tutti i file di log sono in questa directory.": ("In questa cartella si trovano tutti i file di registro."),
    # texlive-doc/latex/beamer/beamerexample-conference-talk.pdf (slides)
    "This can be caused by chromosomal crossing-over effects.": (
        "Crossing-over between chromosomes is one possible reason."
    ),
    "This can be caused by incorrect data.": "Errors in the data may also be to blame.",
    "This can be caused by multiple mutations at the same sites.": (
        "Repeated mutations at the same sites can explain it as well."
    ),
    "The hardness results are worst-case results for highly artificial inputs.": (
        "The intractability results only hold in the worst case, on very contrived inputs."
    ),
    "Real biological data might have special properties that make the problem tractable.": (
        "Actual biological data may have features that make the problem efficiently solvable."
    ),
    "One such property is that perfect phylogenies are often perfect path phylogenies: In HapMap data, in 70% of "
    "the blocks where a perfect phylogeny is possible a perfect path phylogeny is also possible.": (
        "In HapMap data, 70% of the blocks that admit a perfect phylogeny also admit a perfect path phylogeny."
    ),
    "Theorem Optimal ppp-partitions of genotype matrices can be computed in polynomial time.": (
        "The theorem says optimal ppp-partitions of genotype matrices are computable in polynomial time."
    ),
    "For perfect path phylogenies, optimal partitions can be computed in polynomial time.": (
        "When the phylogenies must be paths, the best partitions can be found efficiently."
    ),
    "A maximal matching in the matching graph induces perfect path phylogenies.": (
        "Perfect path phylogenies follow from a maximal matching in the matching graph."
    ),
    # texlive-doc/latex/beamer/beamerexample-lecture-beamer-version.pdf (slides)
    "Unter einer Syntax verstehen wir Regeln, nach denen Texte strukturiert werden dürfen.": (
        "Syntax bezeichnet die Regeln, die festlegen, wie ein Text aufgebaut sein darf."
    ),
    "Unter einer Semantik verstehen wir die Zuordnung von Bedeutung zu Text.": (
        "Semantik heißt, einem Text eine Bedeutung zuzuweisen."
    ),
    "Beispiel: Substantive werden groß geschrieben.": "Ein Beispiel dafür ist die Großschreibung von Nomen.",
    "Die folgenden Aufgaben sind nach Schwierigkeit sortiert.": (
        "Die Übungsaufgaben sind nach steigendem Schwierigkeitsgrad geordnet."
    ),
    "Eine formale Sprache ist eine (oft unendliche!) Menge von Worten für ein festes Alphabet.": (
        "Eine formale Sprache ist eine häufig unendliche Menge von Wörtern über einem festgelegten Alphabet."
    ),
    # texlive-doc/latex/beamer-verona/beamer-verona.pdf (slides)
    "Some or all the elements could change in the next versions.": (
        "Any of the elements may change in future releases."
    ),
    "This software is provided ”as is”, without warranty of any kind, either expressed or implied, including, but "
    "not limited to, the implied warranties of merchantability and fitness for a particular purpose.": (
        "The software comes as it is, with no warranty of any kind, express or implied."
    ),
    "If you need specific features not already implemented, remember to attach the example files.": (
        "When asking for a feature that does not exist yet, include example files."
    ),
    # texlive-doc/latex/abntex2/examples/abntex2-modelo-slides.pdf (slides)
    "Consulte Araujo (2015a) para customizações do abnTeX2.": (
        "As formas de personalizar o abnTeX2 estão descritas em Araujo (2015a)."
    ),
}
