"""Paraphrased claims about sentences of the real PDFs, for tuning the citing part of the
PDF benchmark on real layouts (benchmarks/pdf_real.py).

Each pairs a truth sentence of a file of ``FILES`` (exactly as ``truth_of`` gives it;
the page it starts on is the page a citation of the claim should name) with a claim
written by hand in other words. Both splits of ``split_of`` count as tune data here.

Written 2026-11-29 by ``paratune``, blind: from the truth sentences only, without
reading the citation engine's code (reference/, worker/pipeline/, search/) or any
benchmark result about citing. 256 claims over every file of two pages or more that has
truth sentences (the two-column, one-column, three-column reference card and slide
kinds), from each file's first page to its last, sentences that resemble others in the
same document included (the table placed after this sentence, Table 1 and Table 2; the
figure and the table placed near their first mention; one option and its neighbour). 149
(58%) restate the whole sentence, 58 (23%) only the main part of a long one, 49 (19%)
sum it up in plain words as a user's answer sentence would: synonyms and changed
structure, not the sentence's distinctive phrases (a command's, option's or file's name
stays where nothing else names it). Claims about a French, German, Spanish, Italian or
Portuguese sentence are written in that language.

Several sample files share text (the acmart samples; elsarticle's one paper in three
layouts; confproc's two papers; the English reference cards), so a key may be a truth
sentence of more than one file; it is grouped under one of them. Grouped by kind: two
columns 107, one column 106, three columns 25, slides 18. Three slide files have no
truth sentence (beamer-fuberlin's two, bfh-ci's) and so no claim; two files are mostly
placeholder Latin (apa7's longsample, lineno's amsmath demo), and only their few English
sentences are asked. tests/benchmarks/test_pdf_real_claims.py checks every key against
the truth when the corpus is installed. Since the truth's method 8 one claim less (255,
two columns 106): its key joined two sentences ("...weak regime only [7]. The property...")
that a stop after "]" now splits, and the one the claim restates ends on a citation, so
it is no truth sentence; three keys lost a heading word in method 5 ("Abstract ...")."""

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
        "A long list of authors needs a shortened version for the page headers."
    ),
    "The ACM Reference Format text is required for all articles over one page in length, and is optional for "
    "one-page articles (abstracts).": ("Articles longer than one page must include the ACM Reference Format text."),
    "CCS concepts and user-defined keywords are required for for all articles over two pages in length, and are "
    "optional for one- and two-page articles (or abstracts).": (
        "Every article of more than two pages needs CCS concepts and keywords chosen by its authors."
    ),
    "Because tables cannot be split across pages, the best placement for them is typically the top of the page "
    "nearest their initial cite.": (
        "A table usually sits best at the top of the page nearest to where it is first cited."
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
    "A clear and well-documented LATEX document is presented as an article formatted for publication by "
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
        "The main option passed to the acmart class is the template style."
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
        "Manuscripts are submitted only through the online system."
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
    "production.": ("APS turns every paper it publishes into XML while producing the journal."),
    "The preprint primarily does three things: It increases the font size to 12pt, increases the line spacing, "
    "and changes the formatting to single column.": (
        "The preprint option mainly enlarges the type to 12pt and switches to a single column."
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
        "Collects all the figures and tables at the back, one on each page."
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
        "REVTeX 4.2 is the format APS and AIP journals prefer for submissions."
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
        "At such wavelengths light is totally internally reflected at the surface of the sphere."
    ),
    # texlive-doc/latex/elsarticle/elstest-3pd.pdf (two columns)
    "The applied stress changes the crystal symmetry, so that usually optically inactive para-excitons may couple "
    "to the WGM. Note that due to spin-orbit interaction the paraexcitons are 12 µeV below the ortho-exciton.": (
        "Stress lowers the crystal's symmetry, which lets para-excitons that are normally optically dark couple "
        "to the whispering-gallery mode."
    ),
    # texlive-doc/latex/ieeepes/ieeepes_doc.pdf (two columns)
    "It is assumed that the reader is familiar with a standard LATEX setup.": (
        "You should already know your way around an ordinary LaTeX installation before reading this."
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
    "copy.": ("Either A4 or US letter paper may be used for printing."),
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
    "grid style.": ("Author names are set inline, in keeping with ASME's current style."),
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
    # texlive-doc/latex/llncs/llncsdoc.pdf (one column)
    "The llncs class is an extension of the standard LATEX article class.": (
        "Springer's llncs class builds on LaTeX's ordinary article class."
    ),
    "It basically adjusts the layout to the required standard, defining styles and spacing of headings and "
    "captions and setting the printing area to 122 mm horizontally by 193 mm vertically.": (
        "In essence it brings the layout up to the required standard, with a printed area of 122 by 193 millimetres."
    ),
    "All words in titles should be capitalized except for conjunctions, prepositions (e.g. on, of, by, and, or, "
    "but, from, with, without, under), and definite/indefinite articles (the, a, an), unless they appear at the "
    "beginning.": (
        "Every word of a title takes a capital except conjunctions, prepositions and articles that do not open it."
    ),
    "Please do not use \\thanks inside \\author or \\institute as footnotes for these elements are not supported in "
    "the online version and will therefore be dropped.": (
        "Footnotes attached to the author or institute fields are lost online, so leave \\thanks out of them."
    ),
    "In the final publication, the ORCID id will be replaced by an ORCID icon, which will link from the eBook to "
    "the actual ID in the ORCID database.": (
        "Once published, each author's ORCID number turns into a small icon in the eBook that links to their "
        "ORCID record."
    ),
    "The ORCID icon will also replace the number in the printed book.": (
        "In the print edition too, the icon stands in place of the number."
    ),
    "If you omit the optional second argument of \\spnewtheorem, a separate counter for your new environment is "
    "used throughout your document.": (
        "Without \\spnewtheorem's optional second argument, the new environment keeps its own counter across the "
        "document."
    ),
    "– The llncs document class changes the formatting of vectors coded with \\vec to boldface italics.": (
        "With this class, vectors written with \\vec come out in bold italic."
    ),
    # texlive-doc/latex/aastex/sample631.pdf (one column)
    "Other improvements to version 5 included hypertext support, landscape deluxetables and improved figure "
    "support to facilitate electronic submission.": (
        "Version 5 also brought hyperlinks and better figure handling to make electronic submission easier."
    ),
    "When planning the next AASTEX release the popularity of emulateapj played an important roll in the decision "
    "to drop the old base code and adopt and modify emulateapj for AASTEX v6.+ instead.": (
        "Because emulateapj was so well liked, version 6 was built on an adapted emulateapj rather than on the "
        "old code."
    ),
    "The default style in AASTEX v6.31 is a tight single column style, e.g. 10 point font, single spaced.": (
        "Out of the box, v6.31 uses a compact one-column layout with 10-point type and single spacing."
    ),
    "Floats are non-text items that generally can not be split over a page.": (
        "Figures and tables, which usually cannot be broken over a page, are what LaTeX calls floats."
    ),
    "Please do not place the figures and text at the end of the article as was the old practice.": (
        "Don't collect the figures at the back of the paper the way it used to be done."
    ),
    "In AASTeX v6.31 all deluxetables are float tables and thus if they are longer than a page will spill off the "
    "bottom.": ("Since every deluxetable now floats, one that is longer than a page runs off its bottom."),
    "Table 2 shows how to split a wide deluxetable into three parts with the \\splitdeluxetable command.": (
        "Table 2 demonstrates cutting a wide deluxetable into three pieces."
    ),
    "You can split any table with this command into two or three parts.": (
        "This command can break any table into two or three pieces."
    ),
    "As of March 2021 there are over 4000 videos, 1300 figure sets, and 100 interactive figures.": (
        "By March 2021 the journals held more than 4000 videos, 1300 figure sets and 100 interactive figures."
    ),
    "Interactive figures give the reader the ability to manipulate the information contained in an image which "
    "can add clarity or help further the author’s narrative.": (
        "Readers can play with the data behind an interactive image, which may make things clearer or back up the "
        "story the authors tell."
    ),
    "The commands are \\edit1{<text>}, \\edit2{<text>} and \\edit3{<text>} and they produce <text> that is "
    "highlighted in bold, bold+italic and bold+underline, respectively.": (
        "The three edit commands mark their text in bold, bold italic and bold underlined respectively."
    ),
    "The process of rotating tables into landscape mode is slightly different in AASTEXv6.31.": (
        "Turning a table sideways works a little differently in v6.31."
    ),
    "Authors have the option to include names in Chinese, Japanese, or Korean (CJK) characters in addition to the "
    "English name.": ("Besides the English form, authors may give their name in Chinese, Japanese or Korean script."),
    # texlive-doc/latex/apa7/samples/longsample.pdf (one column)
    "A study of computer dependency.": "Research on how reliant people are on computers.",
    "This is a great figure.": "What an excellent figure this is.",
    "This is a great appendix figure.": "What an excellent figure this appendix has.",
    # texlive-doc/latex/ieeetran/testflow_doc.pdf (one column)
    "Originally constructed for users of the IEEEtran.cls file, the information contained here has broad "
    "applicability to anyone wishing to obtain correct PS/PDF output on LATEX systems.": (
        "Though first written for IEEEtran users, the advice applies to anyone who wants correct PostScript or "
        "PDF from LaTeX."
    ),
    "PDF does have very good support for indexes and hyperlinks.": (
        "Indexes and hyperlinks are handled very well by PDF."
    ),
    "The main disadvantage is an increase in the size of the file.": "Its chief drawback is a larger file.",
    "Type 1 font: In the context of this document, a font in which the glyphs are described in vector form in the "
    "PostScript language.": ("Here a Type 1 font means one whose glyphs are given as PostScript vector outlines."),
    "Type 3 font: In the context of this document, a font in which the glyphs are described in bitmap form.": (
        "Here a Type 3 font means one whose glyphs are stored as bitmaps."
    ),
    "Donald E. Knuth, TEX’s creator, also created a set of fonts to go with it.": (
        "Knuth designed fonts for TeX as well as the program itself."
    ),
    "Testflow should have 1in (25.4mm) margins on all four edges.": (
        "The test document's margins should measure one inch on every side."
    ),
    "By far the most common cause of incorrect margins and/or incorrect indicated paper sizes is that pdfTEX "
    "and/or dvips and/or ghostscript (ps2pdf) have been configured for a default paper size that is different "
    "from that used in the LATEX document.": (
        "Wrong margins or paper sizes nearly always mean the tools were set up for a different default paper than "
        "the document uses."
    ),
    "IEEEXplore usually requires that all fonts be Type 1, embedded and subsetted.": (
        "IEEE Xplore normally demands that every font be Type 1, embedded and subsetted."
    ),
    "Some misalignment is due to paper shrinkage after the first pass through the fuser of laser printers.": (
        "Laser printers shrink the sheet a little on its first trip through the fuser, which throws the two sides "
        "slightly out of line."
    ),
    "Users can identify their Ghostscript version via gs -version.": (
        "Running gs -version tells you which Ghostscript you have."
    ),
    "However, with the advent of pdfLATEX, users can create PDF directly from LATEX source.": (
        "pdfLaTeX now lets people go straight from LaTeX source to PDF."
    ),
    "There are two major support sites for xdvi where the very latest versions can be downloaded.": (
        "The newest xdvi releases can be downloaded from two main support sites."
    ),
    # texlive-doc/latex/ieeeconf/IEEEconf.pdf (one column)
    "Caveats First, as of this writing, IEEEconf has been neither validated nor endorsed by the IEEE Computer "
    "Society Press.": ("So far the IEEE Computer Society Press has neither checked nor approved IEEEconf."),
    "It limits the abstract to 3 inches (7.62 cm) while the previous document dictates a 150-word limit.": (
        "It caps the abstract at three inches, whereas the earlier document sets a limit in words."
    ),
    "The default paper size can be overridden by the letterpaper or a4paper class options if a conference "
    "dictates a particular paper size.": ("The letterpaper and a4paper class options override the default paper size."),
    "Hence, if you need to squeeze a little extra text into your paper, the latex8 option lets you do that "
    "without violating the rules any more than the latex8 package does.": (
        "If the paper runs slightly long, the latex8 option buys a bit of room without bending the rules more "
        "than the old package did."
    ),
    "However, there may be some special cases in which a single-column format is desirable, for example if the "
    "multicol package is needed anywhere in the document.": (
        "A single column can occasionally be wanted, for instance when the document uses multicol somewhere."
    ),
    "Text must be fully justified.": "Text has to be aligned on both the left and the right.",
    "The abstract is to be in 10-point, single-spaced type, and up to 150 words in length.": (
        "Set the abstract single-spaced in 10-point type and keep it to 150 words at most."
    ),
    "Figures and tables must be numbered separately.": "Figures and tables each need their own numbering.",
    "The following is almost identical to the definition of thebibliography in classes.dtx but sets the "
    "appropriate font size and—as a courtesy to authors struggling to meet page-length requirements—eliminates "
    "blank lines between entries.": (
        "This reference list is the standard one with the right type size and no blank lines between entries, to "
        "help authors stay within the page limit."
    ),
    # texlive-doc/latex/cmpj/template.pdf (one column)
    "Ask someone else (preferably native speaker or person with perfect knowledge of English) to read the "
    "manuscript, however satisfied you may be with its quality.": (
        "However good you think the paper is, have another person, ideally a fluent English speaker, read it."
    ),
    "All contributions will be evaluated according to the standard procedures of peer review, usually by two "
    "referees.": ("Every submission goes through the standard peer review procedure."),
    "Countries should be written in English.": "Give the names of countries in English.",
    "UK English spellings are preferred (colour, flavour, behaviour, tunnelling, artefact, focused, focusing, "
    "fibre, etc.).": ("British spelling is preferred."),
    "Keep in mind that an empty line in TEX sources starts a new paragraph!": (
        "Remember that a blank line in TeX source begins a new paragraph."
    ),
    "Where possible tables should not be broken over pages.": (
        "Whenever it can be avoided, tables should not be split across pages."
    ),
    "Grey scales in plots and diagrams, which might get difficult to distinguish after reducing, or which often "
    "disappear during the printing process, should be avoided.": (
        "Don't rely on shades of grey in plots, since they blur together when shrunk or vanish in print."
    ),
    "Continuous-tone figures should have at least 300 DPI, line drawings – 600 DPI minimum resolution in final size.": (
        "Photographs need 300 DPI or more, and line drawings at least 600, at their final size."
    ),
    "Use of lossy JPEG (JPG) format (or JPEG compression) is strictly prohibited for images with sharp margins "
    "(especially line-art) because of large visible artefacts.": (
        "Lossy JPEG is banned for images with sharp edges such as line art."
    ),
    "Please make clear and fine codes!": "Write tidy, clean source, please.",
    # texlive-doc/latex/ejpecp/sample.pdf (one column)
    "You need a copy of the ejpecp.cls file in your directory2 in order to compile documents based on the ejpecp "
    "class, such as sample.tex.": (
        "Documents using this class will only compile if ejpecp.cls sits in your working folder."
    ),
    "The proof ends at the square box.": "The square box marks where the proof finishes.",
    "EJP and ECP are purely electronic journals.": "EJP and ECP are published only in electronic form.",
    "The default size for section titles in LATEX is a bit large.": (
        "LaTeX's standard section headings are somewhat too big."
    ),
    "A good LATEX code is easier to maintain, to convert, and to read.": (
        "Well-written LaTeX is easier to read, convert and keep up to date."
    ),
    "It is your author responsibility to check if the preprint is actually published and referenced in the "
    "Mathematical Reviews, and in that case, you should provide the MR number instead of the arXiv identifier.": (
        "Authors must check whether a cited preprint has appeared in Mathematical Reviews and, if so, give its MR "
        "number rather than the arXiv one."
    ),
    # texlive-doc/latex/aiaa/author_guide.pdf (one column)
    "As with the submission of your abstract, be sure the name of the file you upload for processing is short and "
    "simple (i.e., “msc12345.tex”) with no spaces, tildes, symbols, or other unusual characters.": (
        "Give the uploaded file a short plain name with no spaces or unusual characters."
    ),
    "Start early to determine if the reviews are required; this process can take several weeks.": (
        "Find out early whether reviews are needed, because they can take weeks."
    ),
    "The paper number, which appears in the format AIAA-YEAR-NNNN, will be used to refer to your paper in the "
    "program and in any publication format.": (
        "Your paper will be referred to by its paper number in the programme and in every published format."
    ),
    "We ask that authors not upload a draft version of their manuscript with the intent to upload a final version "
    "later.": ("Don't send in a draft meaning to replace it with the final paper afterwards."),
    "Authors who miss the electronic submission deadline will be expected to hand-carry 100 copies of their paper "
    "to the meeting, and must still upload their final manuscript to the AIAA Web site before the start of the "
    "conference for their paper to be published.": (
        "Anyone who misses the electronic deadline has to bring 100 printed copies of the paper to the meeting."
    ),
    "As a rule, all words are capitalized except for articles, conjunctions, and prepositions of four letters or "
    "fewer.": ("Capitalise every word apart from articles, conjunctions and short prepositions."),
    "Use only one space after periods or colons.": "Put a single space after a full stop or a colon.",
    "A conclusion section is not required, though it is preferred.": (
        "A concluding section is preferred but not mandatory."
    ),
    # texlive-doc/latex/pracjourn/pracjourn.pdf (one column)
    "No class options are necessary.": "The class needs no options.",
    "The type size is 12/15.5 Palatino.": "Text is set in 12 on 15.5 point Palatino.",
    "Hyperlinks are inserted automatically in the relevant locations in a dark blue colour.": (
        "Dark blue links are added by themselves wherever they belong."
    ),
    "If the document instance calls for options that conflict with the following choices, then the document wins.": (
        "When an article asks for options that clash with these defaults, the article's choice prevails."
    ),
    "Try for mathpazo; if not available use palatino.": (
        "Use mathpazo when it is installed and fall back to palatino otherwise."
    ),
    "The three user-level commands \\TPJissue, \\TPJrevision, and \\TPJcopyright specify the issue, the revision, "
    "and the copyright information of the document.": (
        "Three commands set the article's issue, revision and copyright details."
    ),
    "If PDFTEX is not the engine, nothing is done.": ("Nothing happens unless the document is run through pdfTeX."),
    # texlive-doc/latex/lineno/lineno.pdf (one column)
    "I wrote this package for my wife Petra, who needs it for transcriptions of interviews.": (
        "The author made the package for his wife Petra, who uses it to transcribe interviews."
    ),
    "The line numbers have to be attached by the output routine.": (
        "It is the output routine that must add the line numbers."
    ),
    "Speed is difficult to esteem and also depends on applications.": (
        "How fast it runs is hard to judge and varies with the use."
    ),
    "The line numbers are set as \\tiny\\sffamily\\arabic{linenumber}, 10pt left of the text.": (
        "By default the numbers are tiny sans-serif digits placed 10pt to the left of the text."
    ),
    "It blew the hash table after some five thousand lines.": (
        "After about five thousand lines the hash table overflowed."
    ),
    "However, some users have “abused” lineno.sty to get ednotes.sty features without line numbers, so have set "
    "the modulo to a value beyond the total number of lines in their edition.": (
        "Some people misused the package for its critical-edition features alone, setting the modulo higher than "
        "their number of lines."
    ),
    "Option switch (switch*) puts the line numbers on the outer (inner) margin of the text.": (
        "The switch option places the numbers in the outer margin, and switch* in the inner one."
    ),
    "The {numquote} and {numquotation} environments are like {quote} and {quotation}, except there will be line "
    "numbers.": ("numquote and numquotation work like quote and quotation but number their lines."),
    "Set the line numbers in the left/right margin.": "Puts the numbers in the left or the right margin.",
    "The distance of the right edge of the text to the right edge of the line number is \\linenumbersep + "
    "\\linenumberwidth.": (
        "The gap from the text's right edge to the number's far edge is the separation plus the number width."
    ),
    # texlive-doc/latex/lineno/linenoamsmathdemo.pdf (one column)
    "In addition I’ve made a few refinements to handle some corner cases.": (
        "Some small improvements were also made for edge cases."
    ),
    # texlive-doc/latex/lineno/ulineno.pdf (one column)
    "The home of lineno.sty is https://github.com/latex-lineno/lineno.": (
        "lineno.sty is maintained on GitHub under latex-lineno/lineno."
    ),
    "The line numbering is not activated by default.": "By default you will not see any line numbers.",
    "The numbers run continuously along the document, without considering page breaks.": (
        "The count goes on through the whole document, ignoring page breaks."
    ),
    "The lines on each page are numbered from one.": "Numbering starts again at one on every page.",
    "Sometimes the information in the .aux file becomes invalid in a way that causes lineno.sty to hang.": (
        "A stale auxiliary file can make the package freeze."
    ),
    "It is now possible to print the line number differently on odd and even pages.": (
        "Line numbers can now look different on odd and even pages."
    ),
    "lineno.sty does not work well with display math.": ("The package and displayed equations do not get along well."),
    "The part before the Formula does not get line numbers.": ("The text ahead of the formula is left unnumbered."),
    "The trailing part of the paragraph does get line numbers.": ("The rest of the paragraph after it is numbered."),
    "It is currently not possible to put a \\linelabel into math mode.": (
        "A \\linelabel cannot be used in math mode for now."
    ),
    "The current version is very preliminary.": "This version is still very much a first draft.",
    # debian-refcard/refcard-en-a4.pdf.gz (three columns)
    "Write package selections to file.": "Saves the current choice of packages into a file.",
    "Set package selections from file.": "Loads the choice of packages back from a file.",
    "Override a package’s version of a file.": (
        "Makes the system use your own copy of a file instead of the one a package installs."
    ),
    "All log files are under this directory.": "This folder holds every log file.",
    # debian-refcard/refcard-en-lt.pdf.gz (three columns)
    "Update packages listings from package repositories as listed in /etc/apt/sources.list.": (
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
    "Optimal ppp-partitions of genotype matrices can be computed in polynomial time.": (
        "A theorem shows that the best ppp-partitions of genotype matrices are found in polynomial time."
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
