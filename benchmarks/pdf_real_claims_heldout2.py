"""Blind paraphrased claims about the held-out-2 real PDFs, for the citing part of the
PDF benchmark (benchmarks/pdf_real.py, ``FILES_HELD_OUT_2``, ``--split held-out-2``).

Each pairs a truth sentence of a held-out-2 file (exactly as ``truth_of`` gives it; the
page it starts on is the page a citation of the claim should name) with a claim written
by hand in other words.

Written 2026-11-29 by ``heldout2``, blind: by reading only the truth sentences
(pdftotext and pdfminer.six agreeing), without reading the reader's or the citation
engine's code (search/, reference/, worker/) and without running deepref or any
benchmark on these files. 150 claims over every held-out-2 file of two pages or more
with English prose among its truth sentences, spread over each file's pages with a
sentence, first to last; 149 since truth method 12 (usrguide's "Spaces are trimmed at
each end of each item parsed." stands on two pages, the second time inside a longer
sentence, so is no longer truth; its claim, a whole-sentence one, is left out): two
columns 45, one column 51, three columns 21, slides 32. 83 (56%) restate the whole
sentence, 39 (26%) only the main part of a long one, 27 (18%) sum it up in plain words
as a user's answer sentence would: synonyms and changed structure, not the sentence's
distinctive phrases (a command's, option's or file's name stays where nothing else
names it). A key is a truth sentence of one held-out-2 file
only. Files without a claim: brucker-authorarchive-2016-IEEEtran, example-longnote
(placeholder Latin) and rbt-mathnotes' cheat-sheet (one formula).
tests/benchmarks/test_pdf_real_claims.py checks every key against the truth
when the corpus is installed."""

from __future__ import annotations

PARAPHRASES: dict[str, str] = {
    # texlive-doc/latex/base/ltnews31.pdf (two columns)
    "This means that even on a fast computer, there is a relatively large load time when using expl3.": (
        "Loading expl3 takes a comparatively long time, even on quick machines."
    ),
    "The ideas for this interface extension have been pioneered in fontspec by Will Robertson for Unicode "
    "engines, and in fontaxes by Andreas Bühmann and Michael Ummels for pdfTEX; they are by now used in many "
    "font support packages.": (
        "The approach behind the extended interface originated with fontspec on the Unicode side and with fontaxes "
        "on pdfTeX."
    ),
    "In the past this kind of extension was provided by Bob Tennent’s mweights package, which has been used in "
    "many font support packages.": (
        "Previously such an extension came from a package by Bob Tennent, mweights, which many font packages relied on."
    ),
    "With the text companion symbols as part of the kernel, it is normally no longer necessary to load the "
    "textcomp package, but for backwards compatibility this package will remain available.": (
        "textcomp is rarely needed now, but it is still provided."
    ),
    "The way those got allocated could result in disaster if other packages allocated most boxes below box 255 "
    "(which TEX always uses for the output page).": (
        "How those boxes were allocated could go badly wrong when other packages had taken up most box registers "
        "below 255."
    ),
    "Note also that upTEX can handle Unicode but it is not classed as a Unicode engine by the base LATEX code.": (
        "Although upTeX supports Unicode, LaTeX's core code does not treat it as a Unicode engine."
    ),
    # texlive-doc/latex/base/ltnews35.pdf (two columns)
    "Related to this effort there are updates to hyperref and tagpdf, both of which have their own distributions.": (
        "As part of this work, hyperref and tagpdf, which are released separately, were updated too."
    ),
    "Options for packages which use this new approach will not be checked for clashes by the kernel.": (
        "The kernel does not look for conflicting options in packages that adopt this new method."
    ),
    "This syntax extension required users and package authors to check if hyperref was loaded and adjust the "
    "coding accordingly or take the starred forms out if text was copied to a document without hyperref.": (
        "Because of this extended syntax, users and package writers had to find out whether hyperref was present "
        "and adapt their code."
    ),
    "We now distribute this file which means that it is loaded by default.": (
        "The file is now shipped, so it gets read automatically."
    ),
    "This new behavior follows TEX’s rule that cramped style is used whenever something else appears above the "
    "expression.": "It follows TeX's rule about when cramped style applies.",
    "We have now made most commands in amsmath and amsopn robust as well to match the kernel behavior.": (
        "To be consistent with the kernel, the majority of amsmath and amsopn commands have also been made robust."
    ),
    "Run texdoc ltfilehook-doc to view.": (
        "The documentation for file hooks can be opened with texdoc ltfilehook-doc."
    ),
    # texlive-doc/latex/l3kernel/l3news09.pdf (two columns)
    "Some authors have started using the package prefix lt3... as a way of indicating their package builds on "
    "expl3 in some way but is not maintained by the LATEX3 team.": (
        "Some authors mark expl3-based packages that the team does not maintain with an lt3 prefix."
    ),
    "These two issues are discussed next.": "The following part covers both of these problems.",
    "The fact that both work correctly is due to behaviour that is specifically programmed into the workings of "
    "the dmath environment of breqn: spaces before an optional argument are explicitly forbidden.": (
        "Both cases only work because breqn's dmath environment explicitly disallows spaces ahead of an optional "
        "argument."
    ),
    "As a consequence The LATEX Project needs different kinds of help depending on what layer or role we are "
    "looking at.": (
        "Hence the kind of assistance the LaTeX Project is looking for varies with the layer or role in question."
    ),
    "None of this requires coding or expl3 experience.": "No programming or expl3 knowledge is needed for any of it.",
    # texlive-doc/latex/l3kernel/l3news12.pdf (two columns)
    "There has been quite a gap since the last LATEX3 News (Issue 11, February 2018), and so there "
    "is quite a bit to cover here.": (
        "A long time has passed since issue 11 of the LaTeX3 newsletter in February 2018, so this one has a lot to "
        "report."
    ),
    "Spaces and quotes in file names are now fully normalised, in a similar manner to the approach used by the "
    "latest LATEX 2ε kernel.": (
        "File names containing blanks or quote marks are now completely normalised, much as the newest LaTeX2e "
        "kernel does it."
    ),
    "Message formatting The format of messages in expl3 was originally quite text-heavy, the idea being that "
    "they would stand out in the .log file.": (
        "expl3's messages were at first very wordy so that they would be noticeable in the log."
    ),
    "A new option undo-recent-deprecations is now available for cases where a document (or package) "
    "requires some expl3 functions that have been formally removed after deprecation.": (
        "The new option undo-recent-deprecations helps documents that still need expl3 functions which were "
        "removed after being deprecated."
    ),
    "Testing using PDF files rather than logs has been heavily revised: this is vital for work on PDF tagging.": (
        "Tests that compare PDF output instead of log files were largely reworked, which matters greatly for "
        "tagged PDF development."
    ),
    # texlive-doc/bibtex/babelbib/tugboat-babelbib.pdf (two columns)
    "This means for example, that the “edition” of a cited document in a German text is named »Auflage« also for "
    "cited documents that are not German.": "In German text the edition is called »Auflage« for every cited work.",
    "It determines automatically which of these have been loaded by babel.": (
        "It works out by itself which of them babel has loaded."
    ),
    "If the field language is missing in a BibTEX style, it has to be inserted.": (
        "A bibliography style that lacks a language field needs one added."
    ),
    "As shown for format.names, the hardcoded keywords have to be replaced by the corresponding LATEX macros.": (
        "The fixed words written into the style must be swapped for matching LaTeX macros, as demonstrated with "
        "format.names."
    ),
    "For example, for books, an ISBN and maybe a URL is useful, while an ISSN is senseless.": (
        "Which extra fields are worth printing depends on the type of work cited."
    ),
    "Since the package is still young, the number of supported languages and BibTEX styles is limited, yet.": (
        "Being new, the package covers only a few languages and styles so far."
    ),
    # texlive-doc/latex/tools/ftnright.pdf (two columns)
    "In the multicolumn package [5], I used page-wide footnotes at the bottom of the page, but again the result "
    "doesn’t look very pleasant since short footnotes produce undesired gaps of white space.": (
        "Notes spanning the whole page width at its foot, as in the multicolumn package, look poor because short "
        "ones leave unwanted blank space."
    ),
    "This issue is now detected and generates an error but the package is unable to gracefully handle it.": (
        "The problem is now caught and reported as an error, although the package cannot recover from it cleanly."
    ),
    "Then, we compose both columns in \\@outputbox, combine them with all page-wide floats for this page "
    "(\\@combinedblfloats), attach header and footer, and ship out the result (\\@outputpage).": (
        "Next both columns are assembled together with the page's full-width floats, given a header and footer, "
        "and sent out."
    ),
    "Now, after doing the things depending on the status of the \\@deferlist, we have to incorporate the left "
    "over footnotes in the new column.": (
        "After handling the deferred list, the remaining notes must be added to the new column."
    ),
    "On the other hand, a rule or some other ornament in front of the footnotes is part of the design which "
    "should be used consistently throughout a document.": (
        "Yet a line or similar decoration before the notes belongs to the design and ought to appear uniformly "
        "across the whole document."
    ),
    "All numbers denote code lines where the corresponding entry is used, underlined entries point to the "
    "definition.": (
        "In the index, numbers refer to lines of code, with underlining marking where something is defined."
    ),
    # texlive-doc/latex/cals/tb101parashchenko.pdf (two columns)
    "There are a number of packages related to tables, but so far the following goal has been unreachable: to "
    "automatically typeset huge, complex and attractive tables.": (
        "No existing package could automatically typeset huge complex tables."
    ),
    "For demonstration purposes, the example sets the height of rows.": (
        "To illustrate, the sample fixes how tall the rows are."
    ),
    "To typeset the spanning area, use the command \\spancontent, which should be given immediately after "
    "right-bottom component cell.": (
        "A spanned region is typeset with \\spancontent, placed right after its bottom-right cell."
    ),
    "On switching from a vertical to a horizontal mode, TEX adds \\parskip glue, but we do not need this at the "
    "beginning of a cell; therefore we annihilate it.": (
        "The paragraph skip TeX inserts when entering horizontal mode is removed, because a cell should not begin "
        "with it."
    ),
    "Compared to the other parts of cals, the multipage functionality was very easy to code.": (
        "Tables running over several pages turned out to be the easy part of cals."
    ),
    "There were also a few unexpected problems, which I’d like to discuss here.": (
        "Some of the difficulties were not foreseen."
    ),
    "Fortunately, automated tests helped to keep the code under control.": (
        "Luckily, automatic testing kept the code manageable."
    ),
    # texlive-doc/latex/emulateapj/sample.pdf (two columns)
    "A focal problem today in the dynamics of globular clusters is core collapse.": (
        "Core collapse is currently a central question in how globular clusters evolve dynamically."
    ),
    "At Lick Observatory we used a TI 500×500 chip and a GEC 575×385, on the 1-m Nickel reflector.": (
        "The observations at Lick were made with two CCD detectors on the one-metre Nickel telescope."
    ),
    "For completeness, here is one last equation.": "A final equation is included to round things off.",
    # texlive-doc/latex/base/usrguide.pdf (one column)
    "See the source usrguide.tex for full details.": "Complete information is in the file usrguide.tex.",
    "LATEX 2ε was released in 1994 and added a number of then-new concepts to LATEX. These are described in "
    "usrguide-historic, which has largely remained unchanged.": (
        "LaTeX2e came out in 1994 with several ideas new at the time, documented in usrguide-historic."
    ),
    "TEX will find the first argument after a function name irrespective of any intervening spaces.": (
        "TeX picks up a command's first argument even if spaces come between it and the command name."
    ),
    "This allows you to then provide a new definition for ⟨existing-cmd⟩ that makes use of ⟨cmd⟩ (i.e., of its "
    "old definition).": "You can then redefine the original command in terms of its saved former meaning.",
    "This is basically a thin wrapper for the primitive \\numexpr command and therefore has some syntax "
    "restrictions.": "Since it merely wraps TeX's \\numexpr primitive, its syntax is somewhat limited.",
    "However, these have a range of limitations: they only change the case of explicit characters, do not "
    "account for the surrounding context, do not support UTF-8 input with 8-bit engines, etc.": (
        "These primitives fall short in several ways, for instance converting only explicit characters and "
        "ignoring context."
    ),
    # texlive-doc/latex/base/modguide.pdf (one column)
    "It has been produced as a result of detailed discussions of the issues involved in the support and "
    "maintenance of a widely distributed document processing system used by diverse people for many "
    "applications.": (
        "It grew out of thorough discussions about maintaining and supporting a widely used document system."
    ),
    "Such a system must be stable and well-maintained.": (
        "A system like this has to be reliable and kept in good order."
    ),
    "In a pure markup language, such as SGML, it is reasonably clear that control over the final presentation "
    "lies with the receiver of a document and not with the author.": (
        "With a purely descriptive markup language like SGML, the recipient rather than the writer decides how the "
        "document finally looks."
    ),
    "It should also be noted that, for most people, the version of the class file ‘article’ that gets used is "
    "decided by a site maintainer or the compilers of a CD-ROM distribution.": (
        "Ordinary users rarely control which version of the standard classes they run."
    ),
    "A non-negligible percentage of these test runs give unexpected results and hence show up some unexpected "
    "dependency in the system.": "A fair share of the test runs turn up surprises that reveal hidden dependencies.",
    "A good way to provide for their needs is to make available, in addition, a standard form of LATEX without "
    "any ‘formatting incompatible’ customisations.": (
        "Such users are well served if an unmodified standard LaTeX is also offered alongside the customised one."
    ),
    "We are interested in your views on the issues raised in this document.": "Feedback from readers is invited.",
    # texlive-doc/latex/base/lppl.pdf (one column)
    "You may use this license for any work of which you hold the copyright and which you wish to distribute.": (
        "Any work you own the copyright to and want to distribute may be released under this licence."
    ),
    "You may distribute a complete, unmodified copy of the Work as you received it.": (
        "Sharing the unchanged Work is allowed."
    ),
    "Should the Work prove defective, you assume the cost of all necessary servicing, repair, or correction.": (
        "The licensee bears the cost if the software is faulty."
    ),
    "If you make an ‘intention announcement’ as described in 2b above and after three months your intention is "
    "challenged neither by the Current Maintainer nor by the Copyright Holder nor by other people, then you may "
    "arrange for the Work to be changed so as to name you as the (new) Current Maintainer.": (
        "After announcing the intention to take over, if no one objects within three months, you can become the "
        "new maintainer."
    ),
    "If this is not the case (e.g., if a few lines of code are reused for a completely different task), then "
    "clauses 6b and 6d shall not apply.": (
        "When only a few lines are reused for an unrelated purpose, clauses 6b and 6d do not apply."
    ),
    "It is therefore important that you provide a way for the licensee to determine which files constitute the Work.": (
        "Hence you should give licensees a means of telling which files make up the Work."
    ),
    # texlive-doc/latex/hyperref/paper.pdf (one column)
    "This paper shows, how the navigation features bookmarks and thumbnails can be created automatically or "
    "manually by powerful packages like hyperref and thumbpdf.": (
        "The paper explains how hyperref and thumbpdf create bookmarks and thumbnails."
    ),
    "For the table of contents the argument is written to the .aux file and later to the .toc file.": (
        "For the contents list, the argument goes first into the auxiliary file and then into the toc file."
    ),
    "This would require huge tables and lots of time.": "That approach would be very costly in memory and time.",
    "For starred section commands \\addcontentsline adds an entry for the table of contents.": (
        "With the starred sectioning commands, an entry in the contents is added via \\addcontentsline."
    ),
    "The generation of outlines with package hyperref is limited to ones that point to a destination inside the "
    "document.": "hyperref can only create bookmarks that lead to places within the same document.",
    "If the data file thumbdta.tex is not created yet, if the number of thumbnails in the file does not suffice, "
    "or if the TEX compiler is not pdfTEX, then the package writes warnings only.": (
        "When the thumbnail data is missing or insufficient, or pdfTeX isn't used, the package only issues warnings."
    ),
    "Although PNG, TIFF, and JPEG files can be used, only the file extension .png can be omitted.": (
        "PNG, TIFF and JPEG images all work, but only for PNG may the extension be left out."
    ),
    # texlive-doc/latex/reledmac/migration.pdf (one column)
    "Omitted versions should require no action by the user.": "Releases not mentioned here need nothing from users.",
    "If you use \\critext in one of these environments then you have to issue the declaration \\usingcritext "
    "beforehand.": "Using \\critext inside such an environment requires declaring \\usingcritext first.",
    "However, if you want to keep the previous spurious space, you may load the package with the "
    "oldprintnpnumspace option.": (
        "The old unwanted space can be retained by loading the package with oldprintnpnumspace."
    ),
    "In order to help the migration from eledmac to reledmac, you may load reledmac with eledmac-compat option.": (
        "A compatibility option, eledmac-compat, eases the switch from eledmac to reledmac."
    ),
    "Version 2.3.0 disables paragraph in stanza.": (
        "Since release 2.3.0, paragraphs are no longer allowed inside a stanza."
    ),
    "With the new version of reledmac, it is indexed only in main text.": (
        "Now such a word gets an index entry only from the main text."
    ),
    "If you want to keep old indentation after upgrading the package, just multiply by two the first argument of "
    "\\setstanzaindents.": (
        "To preserve the former indentation after an upgrade, double the first argument passed to \\setstanzaindents."
    ),
    # texlive-doc/latex/screenplay/screenplay.pdf (one column)
    "Every year The Academy of Motion Picture Arts and Sciences runs a competition for screenplay writers, the "
    "Nicholl Fellowships in Screenwriting.": (
        "The Academy of Motion Picture Arts and Sciences holds an annual contest for scriptwriters, the Nicholl "
        "Fellowships."
    ),
    "The first thing you need to see in your screenplay is FADE IN: left justified with a blank line underneath.": (
        "A script must open with FADE IN: flush left, followed by an empty line."
    ),
    "Some people like to put copyright and WGA registration details on their submitted screenplays—although the "
    "received wisdom is that this marks you as an amateur, you can use this macro.": (
        "Some writers add copyright and WGA registration information to scripts they submit, though conventional "
        "wisdom says this looks amateurish."
    ),
    "Old-style typing paper was usually pretty thin for “normal” use.": (
        "Traditional typewriter paper for everyday purposes tended to be fairly thin."
    ),
    "The washers are for the back, where the prongs are folded over; you use two brads, each with a single "
    "washer, one in the top and one in the bottom hole leaving the central hole empty.": (
        "Brads are fastened at the back with one washer each, using only the top and bottom holes."
    ),
    "If I get any useful feedback I may alter things accordingly.": (
        "The author is open to changing the class based on feedback."
    ),
    # texlive-doc/latex/proof-at-the-end/proof-at-the-end.pdf (one column)
    "WARNING: this package is definitely usable, but may not be as tested and stable as standard packages.": (
        "Caution: the package works, but it may be less tested and less stable than the established packages."
    ),
    "You can test your install by compiling the demo.tex file present in the repository.": (
        "Compiling the repository's demo file lets you check the installation."
    ),
    "You may want to put the easy proofs in a different place that the long proofs.": (
        "Short and long proofs can be placed in different spots."
    ),
    "Whenever your proofs change in the main paper, make sure to compile first the main document (so that the "
    "auxiliary file gets updated), and then compile the appendix document.": (
        "After editing proofs in the main paper, compile the main document before the appendix one."
    ),
    "If you prefer the old behavior, you can disable it using the disablePatchSection option (more details in "
    "the package options).": (
        "The former behaviour can be restored with the disablePatchSection option, described among the package options."
    ),
    "Normal restatable theorem do not need to be restated.": "Ordinary restatable theorems need no restating.",
    # texlive-doc/latex/bussproofs/BussGuide2.pdf (one column)
    "Chaining a series of those commands, however, is not enough to cause a proof to be set.": (
        "Stringing these commands together does not by itself make a proof appear."
    ),
    "It will be a lot clearer if we start with examples rather than begin with an abstract description of the "
    "principles for chaining proof-building commands!": (
        "Examples explain how proof commands are combined better than abstract principles do."
    ),
    "So far we’ve only considered inference steps that take one premiss (like double negation), two premisses "
    "(like modus ponens), or three inputs (like or-elimination).": (
        "Up to now, only inferences with one, two or three premisses have been covered."
    ),
    "The inference line between premiss and derived conclusion defaults, as we’ve seen, to a single solid line.": (
        "By default, as shown earlier, the line between premisses and conclusion is one solid rule."
    ),
    "Suppose you want to set a proof-tree the other way up, i.e. get a downward branching tree with the root at "
    "the top.": "Proof trees can also be drawn upside down, the root uppermost.",
    "Negative values of kern nudge the hypotheses to the left.": "A negative kern shifts the hypotheses leftwards.",
    # auctex/tex-ref.pdf (three columns)
    "The last keysequence will copy a region with previews into the kill buffer in a form fit for sending in "
    "Emacs’ message-mode.": (
        "The final key binding copies a region, previews included, so that it can be mailed from Emacs."
    ),
    "Customization is done in the document preamble (you need to load preview.sty explicitly) or in prauctex.cfg "
    "(which should load the system prauctex.cfg first).": (
        "Previews are configured in the preamble, which must load preview.sty itself, or in a local prauctex.cfg."
    ),
    "You can use M-x outline-minormode RET to toggle outline minor mode.": (
        "Outline minor mode is switched on and off with an M-x command, outline-minormode."
    ),
    "The table of contents is a structured view of the entire document.": (
        "The contents view shows the whole document as a structure."
    ),
    "It contains the sections, and optionally labels, index entries, and file boundaries.": (
        "It lists sections and, if wanted, labels, index entries and where files begin and end."
    ),
    "This can be necessary if file content and RefTeX’s knowledge are no longer consistent.": (
        "This may be needed when RefTeX's information no longer matches what the files contain."
    ),
    # texlive-doc/latex/cheatsheet/cheatsheet.pdf (three columns)
    "This Class provides a clean, multi-column design intended for Cheat Sheets.": (
        "The class gives a tidy layout in several columns meant for quick-reference sheets."
    ),
    "It imports the most useful Packages and encloses the document in a multicol-environment.": (
        "The class loads commonly needed packages for you."
    ),
    "There are no unstable patch–versions, instead unstable versions get an alphabetical suffix.": (
        "Patch releases are never unstable; unstable releases are marked by a letter appended to the version."
    ),
    "This class is not based upon, but inspired by a document I found on Stackoverflow.": (
        "The class was not derived from, but was prompted by, a document its author saw on Stack Overflow."
    ),
    "Unfortunately, I can’t find it anymore.": "The original source has since been lost.",
    # texlive-doc/latex/flowfram/samples/sample1.pdf (three columns)
    "If the columns are very narrow, it may be better to use \\raggedright, otherwise TEX may have a problem "
    "working out the line breaks.": "Narrow columns are better set ragged right.",
    "This is useful for creating posters or magazines or any other form of document that does not conform to the "
    "standard one or two column layout.": (
        "That makes it handy for posters, magazines and other documents that don't follow the usual single or "
        "double column layout."
    ),
    "The flowfram package provides three types of frame: flow frames, static frames and dynamic frames.": (
        "flowfram offers three different kinds of frame."
    ),
    "The value fbox is equivalent to plain.": "Setting it to fbox is the same as setting it to plain.",
    "As a result, the end of the paragraph at the beginning of the new flow frame retains the width of the "
    "previous flow frame.": (
        "Consequently, a paragraph carried over into a new frame keeps the earlier frame's width until it ends."
    ),
    "If you want to start a new page, rather than simply move to the next frame, use the command \\finishthispage.": (
        "To go to a new page instead of just the following frame, call \\finishthispage."
    ),
    # texlive-doc/latex/bookcover/figures/bookcover-description.pdf (three columns)
    "The paralogisms of practical reason are what first give rise to the architectonic of practical reason.": (
        "The paralogisms are where practical reason's architectonic originates."
    ),
    "Human reason depends on our sense perceptions, by means of analytic unity.": (
        "Through analytic unity, human reason rests on what our senses perceive."
    ),
    "It remains a mystery why the Ideal stands in need of reason.": (
        "Why the Ideal requires reason is still unexplained."
    ),
    "The objects in space and time abstract from all content of knowledge.": (
        "Things in space and time set aside every content of knowledge."
    ),
    # texlive-doc/latex/beamertheme-metropolis/demo.pdf (slides)
    "The metropolis theme is a Beamer theme with minimal visual noise inspired by the hsrm Beamer Theme by "
    "Benjamin Weiss.": "metropolis is an uncluttered theme for Beamer.",
    "If for example you typeset your presentation with pdfTeX and the Computer Modern Sans Serif font, every "
    "text in smallcaps will be typeset with the Computer Modern Serif font instead.": (
        "With pdfTeX and Computer Modern Sans, small-caps text falls back to the serif Computer Modern."
    ),
    "As a rule of thumb: Just use it for plaintext-only titles.": (
        "Generally, reserve it for titles made of plain text only."
    ),
    "Three different block environments are pre-defined and may be styled with an optional background color.": (
        "The theme predefines three kinds of blocks, which can optionally be given a background colour."
    ),
    "metropolis defines a custom beamer template to add a text to the footer.": (
        "The theme offers its own way of putting text in the footer."
    ),
    # texlive-doc/latex/beamertheme-focus/focus-demo.pdf (slides)
    "This is a frame with plain style and it is numbered.": "This slide uses the plain style and carries a number.",
    "This frame has an empty title and is aligned to top.": (
        "This slide has no title and its content sits at the top."
    ),
    "This is a backup frame, useful to include additional material for questions from the audience.": (
        "Extra slides at the end can hold material for audience questions."
    ),
    # texlive-doc/latex/shipunov/lecture-slides-ex.pdf (slides)
    "Malay archipelago: one of the most species-rich regions of the World.": (
        "The Malay islands are among the places on Earth with the greatest number of species."
    ),
    "Lots of epiphytes (e.g., orchids) but no bromeliads.": (
        "Plants growing on other plants, like orchids, abound there, but bromeliads are absent."
    ),
    "Billabongs (shallow drying lakes) are common.": "Shallow lakes that dry out are frequent there.",
    "Tasmania: the temperate variant of Australian biota, the only glaciated (50%) region.": (
        "Tasmania holds the temperate version of Australia's wildlife and is the sole region that was glaciated."
    ),
    "Please recommend something for the next Biogeography class.": (
        "Suggestions for the following biogeography lesson are welcome."
    ),
    # texlive-doc/latex/beamertheme-trigon/trigon_demo.pdf (slides)
    "TRIGON is a modern, elegant and versatile theme for Beamer, inspired by the METROPOLIS theme from Matthias "
    "Vogelgesang.": "Trigon is a Beamer theme modelled on Metropolis.",
    "Emphasis can be added by using bold typeface, italic, alert or simple colors.": (
        "Text can be highlighted with bold, italics, alerts or plain colours."
    ),
    "TRIGON will automatically turn off slide numbering and progress bars for slides in the appendix.": (
        "In the appendix, the theme itself stops numbering slides and showing progress bars."
    ),
    # texlive-doc/latex/beamertheme-upenn-bc/beamerPENNstyle.pdf (slides)
    "The universities neither endorse, nor provide any support for, these color themes.": (
        "These colour schemes are not approved or supported by the universities."
    ),
    "Move the files beamercolorthemepenn.sty and beamercolorthemegoeagles.sty into a global or local directory "
    "which is searched by tex, ideally in the beamer tree.": (
        "Put the two colour-theme style files somewhere TeX looks, preferably in the beamer directory tree."
    ),
    "A weird number is a natural number that is abundant but not semiperfect.": (
        "Weird numbers are natural numbers whose divisors add up to more than the number, yet no selection of them "
        "sums to it exactly."
    ),
    "It is a menace that can be averted in many ways; but should a serious debt be incurred, we are not to allow "
    "the rich to lose their property, while the debtors profit by what is their neighbor’s.": (
        "The danger can be avoided in many ways, but if heavy debt arises, the wealthy must not lose their "
        "property so that debtors gain."
    ),
    # texlive-doc/latex/beamer2thesis/beamer2thesis.pdf (slides)
    "Personally, I suggest you to use TEXLive: it works for Linux, Mac and Windows.": (
        "The author recommends TeX Live because it runs on Linux, macOS and Windows."
    ),
    "You can choose your favourite font to further customize the presentation.": (
        "Picking a preferred typeface lets you tailor the slides further."
    ),
    "This is possible thanks to the available options of hyperref.": "hyperref's settings make this feasible.",
    # texlive-doc/latex/beamertheme-simpleplus/beamertheme-simpleplus-sample.pdf (slides)
    "The title of the block is “Examples”.": "This block is headed Examples.",
    "Uncomment the code on this slide to include your own image from the same directory as the template .TeX file.": (
        "To show your own picture stored beside the template's TeX file, re-enable the commented-out code on this "
        "slide."
    ),
    # texlive-doc/latex/beamertheme-pure-minimalistic/beamertheme-pure-minimalistic-demo.pdf (slides)
    "The Noto Font is also bundled into this package.": "The package ships the Noto typeface as well.",
    "For now, I am simply loading different files if darkmode is used.": (
        "At present, dark mode just causes other files to be loaded."
    ),
    "I also changed the default caption settings to not include Figure: and reduced the font size.": (
        "Captions were changed to drop the 'Figure:' label and to use smaller type."
    ),
    "What happened to the page numbering?": "Why are the slides numbered differently here?",
    # texlive-doc/latex/beamertheme-saintpetersburg/example.pdf (slides)
    "Why use Fourier transform at all?": "What is the point of applying a Fourier transform?",
    "Adjust sine/cosine phase to move maximum value to the origin (or substitute sine with cosine to get the "
    "same effect).": "Move the wave's peak to the origin by shifting its phase.",
    "There is no recomputation formula for 3-D proccess.": (
        "No formula exists to recompute a three-dimensional process."
    ),
}
