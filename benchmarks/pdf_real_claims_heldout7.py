"""Blind paraphrased claims about the held-out-7 real PDFs, for the citing part of the
PDF benchmark (benchmarks/pdf_real.py, ``FILES_HELD_OUT_7``, ``--split held-out-7``).

Each pairs a truth sentence of a held-out-7 file (exactly as ``truth_of`` gives it, truth
method 14; the page it lies on, noted above it, is the page a citation of the claim
should name) with a claim written by hand in other words.

Written 2026-11-29 by two engineers (two and three columns; one column and slides), blind:
from the truth sentences only (/work/heldout7-truth.txt, outside the repo), without
reading the reader's or the citation engine's code (search/, reference/, worker/),
without opening the PDFs and without running deepref or any benchmark on these files.
194 claims over every held-out-7 file, spread over each file's pages: two columns 50,
one column 56, three columns 40, slides 48 (no file more than 11). Most restate the
whole sentence in other words; some keep only the main part of a long one or sum it up
in plain words, as a user's answer sentence would (a command's, option's or file's name
stays where nothing else names it). Held to the word overlap of the earlier splits:
word-set Jaccard with the sentence 0.24 on average, none over 0.40. A claim is in the
sentence's language (Vietnamese, Basque and Indonesian on the cards; Czech, Latvian,
Portuguese, Italian and German elsewhere). Bibliography entries, placeholder text and
lines that several files share have no claim. A key is a truth sentence of one
held-out-7 file only; tests/benchmarks/test_pdf_real_claims.py checks every key against
the truth when the corpus is installed."""

from __future__ import annotations

PARAPHRASES: dict[str, str] = {
    # texlive-doc/latex/base/ltnews22.pdf (two columns)
    # page 1
    "For some years we have supplied bug fixes to the LATEX 2ε kernel via the fixltx2e package.": (
        "Kernel corrections for LaTeX 2e were for years shipped separately in fixltx2e."
    ),
    # page 1
    "In this release we have started a new update policy.": (
        "This version introduces a different approach to how updates are handled."
    ),
    # page 1
    "The package will then update the format definitions as needed to enable the older format to work as "
    "if dated on the date specified in the package option.": (
        "latexrelease adjusts an old format's definitions so it behaves like the release dated by the option you pass."
    ),
    # page 1
    "Only if a package makes use of the \\IncludeInRelease functionality will it adjust to the requested "
    "LATEX release date.": ("Packages adapt to a requested release date only when they rely on \\IncludeInRelease."),
    # page 2
    "The new allocation mechanism in this release incorporates a new command \\extrafloats.": (
        "\\extrafloats is a command added as part of the revised register allocation."
    ),
    # page 2
    "l3build This release has been tested and built using a new build system implemented in Lua, "
    "intended to be run on the texlua interpreter distributed with modern TEX distributions.": (
        "The release was built and checked with l3build, a Lua-based tool meant to run under texlua."
    ),
    # page 2
    "Taking inspiration from Heiko Oberdiek’s latex-tds bundle, the PDF documentation provided now "
    "includes hyperlinks where appropriate.": (
        "Inspired by Heiko Oberdiek's latex-tds, the shipped PDF manuals now contain links where they make sense."
    ),
    # page 2
    "At the same time, the release now includes ready-to-install TDS-style zip files.": (
        "Zip archives laid out in TDS form, ready for installation, now come with each release too."
    ),
    # texlive-doc/latex/base/ltnews29.pdf (two columns)
    # page 1
    "The December 2018 release of LATEX is a maintenance release in which we have fixed a few bugs in "
    "the software: some are old, some newer, and they are mostly rather obscure.": (
        "December 2018 brought a bug-fix version of LaTeX that repairs a handful of mostly obscure "
        "problems, some long-standing."
    ),
    # page 1
    "Bug reports for core LATEX 2ε and packages maintained by the Project Team In Spring 2018 we "
    "established a new issue tracking system (Github issues at https://github.com/latex3/ "
    "latex2e/issues) for both the LATEX core and the packages maintained by the LATEX Project Team, with "
    "an updated procedure for how to report a bug or problem.": (
        "Since spring 2018 problems in core LaTeX and the team's own packages are tracked through GitHub "
        "issues, with a revised way of filing them."
    ),
    # page 2
    "The \\verb* code now always uses the newly introduced command \\verbvisiblespace to produce the "
    "visible space character and this command will get appropriate definitions for use with the "
    "different engines.": (
        "\\verb* now relies on the new \\verbvisiblespace to print the visible space, defined suitably for each engine."
    ),
    # page 2
    "Fixed fatal link error with hyperref If an \\href link text gets broken across pages, pdfTEX and "
    "LuaTEX will generate a fatal error unless both parts of the link are internally at the same boxing "
    "level.": (
        "Under hyperref, a link whose text spans two pages made pdfTeX and LuaTeX stop fatally unless "
        "both halves sat at the same box depth."
    ),
    # page 2
    "The new code now adds a % sign at the end of problematic lines in the .toc file so that TEX will "
    "not generate such spaces that may survive to spoil the printed result.": (
        "A % is now appended to troublesome lines written to the .toc file, so no stray spaces end up in "
        "the typeset output."
    ),
    # page 2
    "Avoid page breaks caused by invisible commands Commands like \\label or \\index could generate a "
    "potential page break in places where a page break was otherwise prohibited, e.g., when used between "
    "two consecutive headings.": (
        "Markers that print nothing, say \\label or \\index, sometimes allowed the output routine to "
        "break there even though breaking was otherwise prohibited, e.g. right after a heading followed "
        "by another."
    ),
    # page 3
    "Thus they ended up adding vertical space when used at the beginning of a paragraph or, in the case "
    "of \\smash, creating a paragraph of their own.": (
        "So at a paragraph start they inserted vertical space, and \\smash even produced a separate paragraph."
    ),
    # page 4
    "You will now also find there a typeset version of the full LATEX 2ε source code (with index etc.) "
    "and a number of other goodies.": (
        "A typeset copy of the complete LaTeX 2e sources, indexed, plus various extras can now be found there too."
    ),
    # texlive-doc/latex/base/ltnews30.pdf (two columns)
    # page 1
    "When this code is ready for wider consumption and testing, we generate a pre-release of LATEX from "
    "this development branch and make it available on ctan.": (
        "Once the dev code is mature enough for broader trials, a preview build is made from it and put on CTAN."
    ),
    # page 1
    "For users of the TEX Live and MiKTEX distributions it is therefore now straightforward to test "
    "their documents and code against the upcoming LATEX release with ease, simply by selecting a "
    "different program name (when using the command line) or by selecting a menu entry (after setting it "
    "up; see below).": (
        "TeX Live and MiKTeX users can easily check their work against the next release by calling "
        "another program name or picking a menu item."
    ),
    # page 2
    "How this works in detail depends very much on the environment you use, so we can’t give much help here.": (
        "The details vary a lot between editors, so the team cannot offer much guidance."
    ),
    # page 2
    "Improving file name handling in pdfTEX A related change is that file names used as part of \\input, "
    "\\includegraphics, etc., commands can now contain any Unicode characters allowed by the file system "
    "in use, including spaces.": (
        "pdfTeX now accepts file names in \\input, \\includegraphics and similar commands with any "
        "Unicode character the file system allows, spaces included."
    ),
    # page 3
    "Other changes to the LATEX kernel Guard against \\unskip in tabular cells If a tabular or array "
    "cell started with a command that started with an \\unskip then centering the column broke because "
    "the stretching glue on the left got removed.": (
        "If the first thing in an array or tabular entry was a macro beginning with \\unskip, the "
        "left-hand fill glue disappeared and the column lost its centering."
    ),
    # page 3
    "In nearly all cases a font table is wanted, so this action has been made the default.": (
        "Since a font table is almost always what people want, nfssfont.tex now produces one by default."
    ),
    # page 4
    "The balancing behavior can now be controlled through the counter minrows (default is 1) which "
    "specifies that, after balancing, there must be at least that many lines in the first column.": (
        "A new minrows counter, 1 by default, sets the least number of lines the first column must get "
        "after multicols balances."
    ),
    # page 4
    "This facility has now been extended so that \\cite commands and their cousins can now also "
    "reference bibliographies in external documents; this feature was first provided in the package "
    "xcite by Enrico Gregorio.": (
        "xr now also lets \\cite and similar commands point to bibliographies of other documents, a "
        "feature first offered by Enrico Gregorio's xcite."
    ),
    # page 4
    "Thus the package latex-doc is no longer separately available from ctan but contained in the "
    "latex-base distribution.": ("latex-doc is no longer on CTAN by itself; it ships inside latex-base."),
    # texlive-doc/latex/l3kernel/l3news03.pdf (two columns)
    # page 1
    "Special thanks to Joseph Wright who handled the implementations above almost single-handedly (with "
    "lots of input and feedback from other members of the team and members of the latex-l mailing list).": (
        "Joseph Wright implemented nearly all of this largely by himself, helped by feedback from the "
        "team and the latex-l list."
    ),
    # page 1
    "It provides a uniform interface for defining and managing templates for any kind of document "
    "element and most importantly provides a uniform interface for instantiating the layout.": (
        "It offers one consistent way to set up, manage and instantiate templates for every kind of document element."
    ),
    # page 1
    "Programming is only necessary if no suitable template for the intended layout is available.": (
        "Only when no template fits the desired layout does anyone need to write code."
    ),
    # page 1
    "To our knowledge there is only a single package on ctan that uses template, namely xfrac, and "
    "members of the LATEX team are in the process of switching this package over to xtemplate.": (
        "xfrac is the only CTAN package known to depend on template, and it is being ported to xtemplate."
    ),
    # page 2
    "Packages to tackle xhead The first work will be to create a new xpackage (probably called xhead), "
    "for typesetting section headings and other document divisions.": (
        "Work starts with a new package, likely named xhead, for typesetting headings of sections and other divisions."
    ),
    # page 2
    "An issue we have to face is that to achieve best results, galley cannot be used in concert with LATEX 2ε code.": (
        "To get the best output, galley can't be mixed with LaTeX 2e code."
    ),
    # texlive-doc/latex/l3kernel/l3news06.pdf (two columns)
    # page 1
    "This is clearly being successful, with xparse being of particular utility to end users.": (
        "xparse has proven especially useful to end users, showing that this approach works."
    ),
    # page 1
    "Bruno Le Floch has over the past few months made many useful contributions to LATEX3, and we are "
    "very pleased that he has recently joined The LATEX Project.": (
        "Bruno Le Floch, after contributing a lot to LaTeX3 in recent months, has now become a member of "
        "The LaTeX Project."
    ),
    # page 1
    "This has already resulted in new implementations for the prop and seq data types.": (
        "Thanks to him, prop and seq already have fresh implementations."
    ),
    # page 1
    "In addition to these release areas, the development code also features a l3trial section for "
    "exploring code ideas.": ("Code is expected to migrate from there into l3kernel or l3packages as time goes on."),
    # page 1
    "LATEX3 on GitHub The core development repository for LATEX3 is held in an SVN repository, which is "
    "publicly viewable via the Project website.": (
        "The main LaTeX3 development repository lives in SVN and anyone can browse it through the Project website."
    ),
    # page 2
    "Next steps The ‘Big Bang’ involves making a number of changes to expl3 function names, and is "
    "likely to break at least some third-party code.": (
        "Because the Big Bang renames many expl3 functions and may break third-party code, the changes "
        "skip the TeX Live 2011 DVD and arrive later with regular updates, probably in August."
    ),
    # page 2
    "Joseph has completed documentation of the xgalley module, and this is currently being discussed.": (
        "Joseph has finished documenting xgalley, which is now under discussion."
    ),
    # texlive-doc/latex/rcs/rcs-conf.pdf (two columns)
    # page 1
    "You can configure the rcs package by redefining control sequences (cseqs for short).": (
        "Setting up rcs means redefining the macros it provides."
    ),
    # page 1
    "You must not redefine a cseq starting with ‘rcs’ or ‘RCS’. In no case redefine a cseq containing an "
    "at sign or an underscore—all of them belong to the implementation.": (
        "Never redefine a control sequence that begins with rcs or RCS, nor one containing @ or _, since "
        "those are implementation internals."
    ),
    # page 2
    "The cseq \\RcsLogListStyle needs further explanation: The rcslog environment is, in fact, a list "
    "environment. \\RcsLogListStyle will be used as the second argument of \\list, it must define "
    "\\makelabel and setup all list layout parameters.": (
        "\\RcsLogListStyle is handed to \\list as its second parameter inside rcslog, so it must set "
        "\\makelabel and every layout length."
    ),
    # page 2
    "It follows that \\endlist must not be used for \\endrcslog, \\endtrivlist is used instead.": (
        "Consequently \\endrcslog calls \\endtrivlist rather than \\endlist."
    ),
    # page 3
    "Revision 2.1 (created at November 1, 1993 by Joachim Schrod) Added sub-document that describes the "
    "internal interface.": (
        "Joachim Schrod's second-major, first-minor version from late 1993 documented the internal "
        "interface in a separate part."
    ),
    # texlive-doc/latex/aiaa/template_advanced.pdf (two columns)
    # page 1
    "This is the advanced LATEX template of an AIAA technical conference paper.": (
        "What follows is AIAA's more sophisticated LaTeX sample for papers presented at its meetings."
    ),
    # page 1
    "Fundamental topics are covered in the bare-bones template.": ("Basics are left to the simpler, minimal template."),
    # page 1
    "In an effort to more tightly integrate text and image, the wrapfig package is employed.": (
        "The wrapfig package is used to better combine text with pictures."
    ),
    # page 1
    "Typically one inserts its wrapfigure or wraptable environment just before the paragraph in which it "
    "is to be placed.": ("You usually put wrapfigure or wraptable right before the paragraph where it should appear."),
    # page 2
    "Tables with footnotes, such as table 1 on page 4, can be coded using the threeparttable package.": (
        "Footnoted tables, for example the one on p. 4, may be written with threeparttable."
    ),
    # page 2
    "The nomencl package is fed entries with the \\nomenclature command.": (
        "Entries for the nomenclature list are handed to nomencl via \\nomenclature."
    ),
    # page 4
    "This is an example of a threeparttable which uses the dcolumn package to allow for columns to be "
    "aligned on decimal points.": (
        "Here threeparttable is combined with dcolumn so that numbers line up on their decimal points."
    ),
    # texlive-doc/latex/tlc-article/doc/tlc-article.pdf (one column)
    # page 1
    "The tlc-article ‘Getting Started Guide’ covers how to install tlc-article both globally and "
    "locally, describes the general use case, how to customize your tlcarticle environment, describes "
    "the commands tlc-article implements, and reveals the packages tlc-article depends upon.": (
        "The getting-started guide for tlc-article explains how to set it up system-wide or per document "
        "and what it is generally used for."
    ),
    # page 3
    "A global installation is done by installing tlc-article into your /path/to/your/texmf directory.": (
        "To set it up system-wide you put tlc-article in your personal texmf tree."
    ),
    # page 4
    "tlc-article extends the article document class. tlc-article provide options directly to the article "
    "document class.": (
        "The class is built on top of the standard article class and hands its options straight to it."
    ),
    # page 5
    "Note: tlc-article ignores data/version.csv when data/header-footer.tex is defined.": (
        "If a custom header-footer.tex file exists, the version.csv data gets ignored."
    ),
    # page 6
    "In the absence of data/additional-layout.tex tlc-article has a builtin header and footer strategy "
    "that is base on fancyhdr, titling, and lastpage LATEX packages.": (
        "If no additional-layout file is present, the class falls back to its own header/footer setup "
        "relying on fancyhdr, titling and lastpage."
    ),
    # page 7
    "Make sure your logo’s height is not larger than 34pt to avoid ‘Package Fancyhdr Warning: headheight "
    "is to small’ warning.": (
        "Keep the logo at most 34pt tall, otherwise fancyhdr complains that the headheight is insufficient."
    ),
    # page 11
    "Multicol defines a multicols environment which typesets text in multiple columns (up to a maximum "
    "of 10), and (by default) balances the end of each column at the end of the environment.": (
        "Multicol offers an environment that sets text in up to ten columns and by default evens them out at the end."
    ),
    # texlive-doc/fonts/fontinst/manual/intro98.pdf (one column)
    # page 3
    "The fontinst package is a set of TEX macros written to create virtual fonts for use with TEX. Its "
    "main use is creating the files needed so you can use PostScript Type 1 fonts with LATEX. Fontinst "
    "needs information about the fonts it works with.": (
        "fontinst is a collection of TeX macros for building virtual fonts, mostly so that PostScript "
        "Type 1 typefaces become usable."
    ),
    # page 4
    "It does not help you configure your DVI driver.": ("Configuring the DVI driver is not something it assists with."),
    # page 4
    "The only real problem is that it’s relatively slow: you can expect a typical fontinst run to take "
    "something like 10–20 minutes on, say, a 40 MHz 80486SX PC or a 25 MHz 68LC040 Macintosh.": (
        "Its main drawback is speed: one run may need 10 to 20 minutes on an old 40 MHz 486 machine."
    ),
    # page 5
    "TEX refers to characters by number when it’s typesetting.": (
        "While setting type, TeX identifies glyphs by their numeric codes."
    ),
    # page 7
    "The raw 8a (Adobe standard) encoded font is not normally used.": (
        "Normally nobody works directly with the raw font in its original Adobe encoding."
    ),
    # page 9
    "Dvips works with character names, so it’s not subject to this restriction.": (
        "Since dvips handles glyphs by name, that limitation doesn't apply to it."
    ),
    # page 10
    "An 8x encoded font contains extra glyphs like old style numerals, small capital letters, more "
    "ligatures, and so on.": (
        "Expert-encoded 8x fonts carry additional glyphs such as oldstyle figures, small capitals and more ligatures."
    ),
    # page 15
    "But you don’t normally have a real small caps font, so fontinst will quite happily produce a fake "
    "small caps font.": ("Lacking genuine small capitals, fontinst will cheerfully fake them."),
    # texlive-doc/support/mf2pt1/mf2pt1.pdf (one column)
    # page 4
    "However, Type 1 fonts are extremely difficult to code by hand.": (
        "Coding Type 1 typefaces manually is very hard."
    ),
    # page 4
    "METAFONT, with its font-specific programming language, is an elegant alternative.": (
        "An elegant option is METAFONT, which comes with a programming language dedicated to typefaces."
    ),
    # page 4
    "FontForge is strongly recommended as a complement to mf2pt1.": (
        "Using FontForge alongside mf2pt1 is highly advised."
    ),
    # page 5
    "Note that the mf2pt1 man page is fairly rudimentary.": ("The manual page for mf2pt1 is quite basic."),
    # page 6
    "The external programs launched by mf2pt1—mpost, t1asm, and fontforge—can be overridden by setting "
    "the eponymous, uppercase environment variable.": (
        "You can swap out the helper programs mpost, t1asm and fontforge by setting environment "
        "variables named after them in capitals."
    ),
    # page 10
    "Also, unless you’ve requested a unique ID from Adobe, it’s generally better not to assign font "
    "unique id; let mf2pt1 choose a random value itself.": (
        "Without an Adobe-issued ID, it's usually wiser to leave font unique id unset and let mf2pt1 pick a random one."
    ),
    # page 13
    "Type 1 fonts are hinted in a completely different manner.": (
        "Hinting in Type 1 fonts works in an entirely different way."
    ),
    # texlive-doc/generic/vntex/vntex.pdf (one column)
    # page 1
    "VnTEX is an extension to Donald Knuth’s TEX typesetting system which provides support for "
    "typesetting Vietnamese.": ("VnTeX extends Knuth's TeX so that it can set Vietnamese text."),
    # page 2
    "VnTEX supports many input encodings such as VISCII, TCVN, or UTF-8, but there is no support for VNI "
    "(nor will there ever be).": (
        "VnTeX handles VISCII, TCVN, UTF-8 and others, but VNI is not and will never be supported."
    ),
    # page 2
    "Fonts never contain characters; they contain only glyphs, sometimes more than a single glyph for a "
    "given character.": ("A font holds glyphs, never characters, occasionally several glyphs per character."),
    # page 3
    "The idea of LATEX is to treat content and layout separately.": ("LaTeX aims to keep content apart from layout."),
    # page 4
    "If you are using TCX, you can’t use the inputenc package because the translation can be done only once.": (
        "With TCX active, inputenc can't be loaded since conversion may happen only once."
    ),
    # page 6
    "Support for Microsoft’s Web Fonts was removed from VnTEX because the actual fonts cannot be "
    "provided for legal reasons.": (
        "Support for Microsoft's web fonts was dropped because the font files themselves can't legally be shipped."
    ),
    # page 9
    "Current maintainers are Reinhard Kotucha and Werner Lemberg.": (
        "It is looked after these days by Kotucha and Lemberg."
    ),
    # texlive-doc/cstex/pdfuni-article.pdf (one column)
    # page 1
    "A hlavně klik na text v záložce způsobí skok na tomu odpovídající místo v dokumentu.": (
        "Především kliknutím na položku záložky se přeskočí na příslušné místo v souboru."
    ),
    # page 1
    "PDF stringy nejsou součástí hlavního textu dokumentu, takže pro ně není použit font vybraný autorem dokumentu.": (
        "Protože PDF stringy nepatří do vlastního textu, nepoužije se pro ně písmo zvolené autorem."
    ),
    # page 1
    "Nevýhodou tohoto kódování je, že v něm nenajdeme většinu akcentovaných znaků české a slovenské abecedy.": (
        "Většina českých a slovenských písmen s diakritikou v tomto kódování chybí."
    ),
    # page 2
    "Jsou-li oba údaje /CreationDate a /ModDate nevyplněny, pak oba obsahují čas vzniku PDF souboru.": (
        "Když chybí /CreationDate i /ModDate, oba nesou okamžik vytvoření PDF."
    ),
    # page 3
    "Soubor pdfuni.tex je kódován v UTF-8 kódování.": ("Zdrojový text s makry je zapsán v kódování UTF-8."),
    # page 5
    "Makro \\gobbletwowords odstraní dvě následující slova ukončená mezerou.": (
        "\\gobbletwowords zahodí dvojici slov, která za ním následují a končí mezerou."
    ),
    # texlive-doc/latex/spie/article.pdf (one column)
    # page 1
    "The font used throughout is the LaTeX default font, Computer Modern Roman, which is equivalent to "
    "the Times Roman font available on many systems.": (
        "The whole document is set in Computer Modern Roman, LaTeX's standard typeface, comparable to "
        "Times Roman found on many machines."
    ),
    # page 1
    "To be properly reproduced in the Proceedings, all text and figures must fit inside a rectangle "
    "6.75-in. wide by 8.75-in. high or 17.15 cm by 22.23 cm.": (
        "For correct reproduction, every bit of text and every figure has to fit within 6.75 by 8.75 "
        "inches (17.15 by 22.23 cm)."
    ),
    # page 2
    "A spelling checker is helpful for finding misspelled words.": ("Misspellings can be caught with a spell checker."),
    # page 2
    "It should consist of a single paragraph containing no more than 200 words.": (
        "It must be one paragraph of at most 200 words."
    ),
    # page 3
    "Subsequent paragraphs are standard paragraphs, with 14-pt. (5 mm) indentation.": (
        "Later paragraphs get a 14-point (5 mm) indent."
    ),
    # page 4
    "The caption should be centered underneath the figure and set in 9-point font.": (
        "Put the caption centred beneath the figure, in 9-pt type."
    ),
    # page 5
    "If the equation ends the sentence, a period should follow the equation.": (
        "When an equation closes a sentence, put a full stop after it."
    ),
    # page 6
    "In a pinch, you can use \\pmb (”poor man’s bold”), which is defined in amsmath.": (
        "As a fallback, \\pmb from amsmath gives a poor man's bold."
    ),
    # texlive-doc/xelatex/fixlatvian/fixlatvian.pdf (one column)
    # page 1
    "Pirmkārt, tas ir XƎTEX dzinis [3], kas strādā ar Unicode tekstu un liek aizmirst par ievada un "
    "fontu kodējumiem.": (
        "Pirmkārt, XeTeX apstrādā Unicode, tāpēc vairs nav jādomā par ievades un burtu šriftu kodējumiem."
    ),
    # page 2
    "Lai lietotu šo pakotni, dokuments ir jāapstrādā ar xelatex komandu.": (
        "Šī pakotne strādā tikai tad, ja dokumentu kompilē ar xelatex."
    ),
    # page 2
    "FixLatvian pakotne būtu jāpieslēdz pēc hyperref vai amsthm pakotnēm, ja tādas tiek izmantotas.": (
        "Ja izmanto hyperref vai amsthm, FixLatvian ielādējama pēc tām."
    ),
    # page 3
    "Zemteksta piezīmju numerācija tagad sākas no jauna katru lappusi.": (
        "Tagad zemsvītras piezīmes katrā lapā numurē no sākuma."
    ),
    # page 3
    "Komatu tagad var izmantot kā skaitļu decimāldaļas atdalītāju.": (
        "Veselo skaitļa daļu no decimālās tagad drīkst nodalīt ar komatu."
    ),
    # page 6
    "Toties \\robustify no etoolbox pakotnes neprasa papildu komandu definēšanu.": (
        "Turpretim etoolbox komanda \\robustify neliek definēt vēl kādas komandas."
    ),
    # texlive-doc/xetex/base/XeTeX-notes.pdf (one column)
    # page 1
    "XETEX1 is an adaptation for Mac OS X of the TEX typesetting system developed by Professor Donald E. "
    "Knuth of Stanford University.": ("XeTeX brings Knuth's TeX typesetting system over to Mac OS X."),
    # page 2
    "XETEX reads UTF-8 input files and converts the byte sequences into Unicode character codes "
    "automatically (without the use of additional TEX macros such as the LATEX inputenc package).": (
        "UTF-8 byte sequences read from input are turned into Unicode code points automatically, with no macros needed."
    ),
    # page 3
    "If no installed font is found for a \\font declaration, XETEX will attempt to load a .tfm file and "
    "perform standard .tfm-based typesetting with this font.": (
        "When no installed font matches, XeTeX falls back to loading a .tfm and typesetting the conventional way."
    ),
    # page 5
    "Similarly, /BI (or /B/I) will load the bold-italic style.": (
        "Appending both modifiers likewise picks up the bold italic face."
    ),
    # page 6
    "XETEX is implemented as a command-line tool, xetex, similar to standard Unix-based TEX tools.": (
        "It ships as a command-line program called xetex, like typical Unix TeX tools."
    ),
    # page 7
    "This allows rotation, reflection, scaling and skewing of arbitrary TEX output.": (
        "Arbitrary TeX output can thus be rotated, mirrored, scaled or skewed."
    ),
    # page 11
    "Normally, TEX will only break lines at inter-word spaces, or according to its hyphenation rules.": (
        "Ordinarily TeX breaks lines only at spaces between words or via hyphenation."
    ),
    # debian-refcard/refcard-vi-a4.pdf.gz (three columns)
    # page 1
    "Hiện gói chứa tập tin đó.": ("Cho biết tập tin thuộc về gói nào."),
    # page 1
    "Thẩm tra tổng kiểm của các gói đã được cài đặt.": ("Đối chiếu checksum của mọi gói đang có trên máy."),
    # page 1
    "Cấu hình giao diện (nếu không được điều khiển qua network-manager).": (
        "Thiết lập giao diện mạng khi network-manager không quản lý nó."
    ),
    # page 1
    "Sao chép các tập tin sang máy khác (và ngược lại).": ("Chép file tới một máy tính khác hoặc lấy về từ đó."),
    # page 2
    "Trình soạn thảo văn bản mặc định: có thể là nano, emacs, vi, joe.": (
        "Editor mặc định, ví dụ nano, emacs, vi hoặc joe."
    ),
    # page 2
    "Khởi chạy lại một dịch vụ hay trình nền hệ thống.": ("Restart dịch vụ hoặc daemon của hệ thống."),
    # page 2
    "Cập nhật danh sách các gói từ các kho chứa được liệt kê trong /etc/apt/sources.list.": (
        "Tải lại thông tin package mới nhất từ các nguồn khai báo ở /etc/apt/sources.list."
    ),
    # debian-refcard/refcard-eu-a4.pdf.gz (three columns)
    # page 1
    "Erakutsi zein paketeri dagokion fitxategi bat.": ("Fitxategi bat zein paketetakoa den adierazten du."),
    # page 1
    "Hasi saioa beste ordenagailu batean.": ("Urruneko makina batean saioa ireki."),
    # page 1
    "Idatzi paketeen hautapena fitxategi batean.": ("Gorde hautatutako paketeen zerrenda fitxategi batera."),
    # page 1
    "Dokumentu hau GNU publikoarentzako lizentzi orokorraren 3. bertsioak edo berriagoak ezartzen dituen "
    "baldintzetan erabili behar da.": (
        "GPL lizentziaren 3. bertsioa edo geroagokoa betez erabil daiteke dokumentu hau."
    ),
    # page 2
    "Gelditu zerbitzu bat, sistemako daemon bat.": ("Sistemaren zerbitzu edo daemon baten exekuzioa eten."),
    # page 2
    "Eguneratu paketeen zerrenda /etc/apt/sources.list fitxategian agertzen diren biltegietatik.": (
        "/etc/apt/sources.list-en zerrendatutako errepositorioetatik pakete-zerrendak freskatzen ditu."
    ),
    # page 2
    "Ezabatu beste paketeek behar ez dituzten paketeak.": ("Inork behar ez dituen paketeak kentzen ditu."),
    # debian-refcard/refcard-id-a4.pdf.gz (three columns)
    # page 1
    "Menampilkan di paket mana sebuah berkas berada.": ("Mencari tahu berkas tertentu milik paket yang mana."),
    # page 1
    "Log masuk di mesin lain.": ("Masuk ke komputer jarak jauh."),
    # page 1
    "Dokumen ini dapat digunakan di bawah ketentuan GNU General Public License versi 3 atau lebih tinggi.": (
        "Dokumen ini boleh dipakai sesuai syarat GPL versi 3 atau yang lebih baru."
    ),
    # page 1
    "Misalnya untuk menyiapkan jaringan dengan/tanpa DHCP atau menyesuaikan instalasi bootloader.": (
        "Contohnya mengatur jaringan memakai atau tidak memakai DHCP, maupun mengubah pemasangan bootloader."
    ),
    # page 2
    "Menginstal paket dari repositori berikut semua dependensinya.": (
        "Memasang paket dari repositori beserta seluruh paket yang menjadi dependensinya."
    ),
    # page 2
    "Seperti apt upgrade, tapi dengan resolusi konflik yang lebih baik.": (
        "Mirip apt upgrade, namun lebih pintar menyelesaikan konflik."
    ),
    # page 2
    "Antarmuka konsol ke APT, butuh aptitude.": ("Frontend APT berbasis teks; memerlukan aptitude."),
    # texlive-doc/latex/xebaposter/poster.pdf (three columns)
    # page 1
    "We introduce a novel method for Alzheimer’s dementia diagnosis.": (
        "A new approach to diagnosing Alzheimer's disease is presented."
    ),
    # page 1
    "The novelty of this work is using both T1 and T2 images simultaneously after they are optimally weighted.": (
        "What is new here is that T1 and T2 scans are used together once they have been optimally weighted."
    ),
    # page 1
    "4*16 features from T1 and 4*8 features from T2 are extracted.": (
        "Sixty-four descriptors come out of the T1 images and thirty-two out of the T2 ones."
    ),
    # page 1
    "Both networks have a hidden layer with 10 nodes equipped with Sigmoid transfer function.": (
        "Each network contains one hidden layer of 10 neurons using a sigmoid activation."
    ),
    # page 1
    "We multiply the first neural network’s output by weighting factor 0.63, and also multiply the "
    "second neural network’s output by weighting factor 0.37, that were initialized and determined "
    "during the training of the classifier system.": (
        "The outputs of the two networks are scaled by 0.63 and 0.37 respectively, values set while "
        "training the classifier."
    ),
    # page 1
    "For performing interpolation process, radial basis function r2 log r2 is used.": (
        "Interpolation is done with an r2 log r2 radial kernel."
    ),
    # page 1
    "The main concept of this work is inspired by the ideas of the philosopher Majid Jafari-Tabar.": (
        "The work's central notion comes from philosopher Majid Jafari-Tabar."
    ),
    # texlive-doc/latex/bfh-ci/DEMO-BFHSciPoster.pdf (three columns)
    # page 1
    "Die bfhsciposter-Klasse basiert auf dem tcolorbox Paket von Thomas F. Sturm.": (
        "Die Posterklasse bfhsciposter nutzt als Unterbau tcolorbox, entwickelt von Thomas Sturm."
    ),
    # page 1
    "Die Fusszeile ist grundsätzlich aktiviert, kann jedoch mit Hilfe der Klassenoption footer=false "
    "ausgeschaltet werden.": ("Standardmäßig ist die Fußzeile aktiv; mit footer=false lässt sie sich abschalten."),
    # page 1
    "\\footergraphics ist für die Übergabe von Logos gedacht und \\footerqrcode übernimmt einen URL die "
    "anschliessend in der rechten unteren Ecke als QRCode platziert wird.": (
        "Mit \\footerqrcode wird eine URL als QR-Code unten rechts gesetzt, \\footergraphics nimmt Logos auf."
    ),
    # page 1
    "Bei der poster-Bibliothek des tcolorbox Paketes, werden die Boxen manuell positioniert.": (
        "tcolorbox' Poster-Bibliothek verlangt, dass man jede Box selbst an ihre Stelle setzt."
    ),
    # page 1
    "Die Änderung des Papierformates ist keine Skalierung, da Schriftgrössen nicht direkt skalieren.": (
        "Ein anderes Papierformat skaliert das Poster nicht, weil die Schriftgrößen nicht mitwachsen."
    ),
    # page 1
    "Um eine Skalierung eines grösseren auf ein kleineres Design zu erreichen, empfiehlt es sich, das "
    "Ausgangsformat beim Druck zu skalieren (Drucken in eine Datei mit Skalierung) oder ggf. die "
    "PDF-Datei mit Paketen wie pdfpages umzurechnen.": (
        "Um ein großes Design verkleinert auszugeben, skaliert man am besten beim Drucken oder rechnet "
        "das PDF etwa mit pdfpages um."
    ),
    # texlive-doc/latex/tex-font-errors-cheatsheet/tex-font-cheatsheet.pdf (three columns)
    # page 1
    "Even if you’re not fluent in TEX, it’s quite easy to actually test a font with it, and that’s what "
    "you should do if things are not working as expected in LATEX. On the command line, just go pdftex "
    "testfont, then give your font’s (TEX) name, ask TEX to \\sample, and say \\bye.": (
        "Testing a font is easy even without much TeX knowledge: run pdftex testfont, type the font's "
        "TeX name, then \\sample and finally \\bye."
    ),
    # page 2
    "The problem is that LATEX can’t find a definition (in an FD file or in the source file itself) that "
    "links the font family jcs with series m and shape n and the current encoding to a specific internal "
    "TEX font.": (
        "No FD file or source definition tells LaTeX which internal font to use for jcs/m/n under the active encoding."
    ),
    # page 2
    "If you are sure that the file is there, update TEX’s cache (texhash).": (
        "When the file definitely exists, run texhash to refresh TeX's cache."
    ),
    # page 3
    "This error message arises when there is a TFM file and a VF file that points to a raw TFM file that "
    "happens to be the original TFM file itself.": (
        "It shows up when a VF points to a raw TFM that is actually the very same TFM."
    ),
    # page 3
    "Another possible cause is that the raw TFM is declared in no MAP file, or that TEX’s map cache isn’t updated.": (
        "Alternatively, no MAP file mentions the raw TFM, or the map cache hasn't been refreshed."
    ),
    # page 3
    "Again, this might be a matter of updating TEX’s cache; also make sure that the user can actually "
    "access the font file (read: get file permissions right).": (
        "Refreshing TeX's cache may help here too; also check the user has read permission on the font file."
    ),
    # texlive-doc/latex/cursolatex/cursolatex.pdf (slides)
    # page 6
    "TEX Live (Windows, Mac, Linux) ou MiKTEX (Windows); Normalmente o TEX Live é pré-instalado em uma "
    "típica distribuição Linux recente.": (
        "Pode-se usar TeX Live em Windows, Mac ou Linux, ou MiKTeX no Windows; o primeiro geralmente já "
        "acompanha os Linux modernos."
    ),
    # page 8
    "Ambas as instalações podem conviver no mesmo computador.": (
        "Dá para manter as duas versões lado a lado numa só máquina."
    ),
    # page 10
    "As instruções são mais simples que em outros sistemas e a instalação é mais rápida.": (
        "Aqui as instruções são mais fáceis que nos demais sistemas e instalar leva menos tempo."
    ),
    # page 29
    "LATEX interpreta o papel do designer; TEX interpreta o papel do tipógrafo.": (
        "O LaTeX faz as vezes de designer, enquanto o TeX faz as de tipógrafo."
    ),
    # page 64
    "A hifenação é feita automaticamente por LATEX, desde que o pacote babel tenha sido carregado.": (
        "Se o babel estiver carregado, o LaTeX separa as sílabas sozinho."
    ),
    # page 80
    "As referências são armazenadas no arquivo .AUX e por isto pode ser necessária mais de uma "
    "compilação para resolver as pendências.": (
        "Como as referências ficam guardadas no .AUX, talvez seja preciso compilar várias vezes."
    ),
    # page 84
    "O comando \\newtheorem permite definir teoremas, definições, exemplos, etc.": (
        "Com \\newtheorem é possível criar teoremas, definições, exemplos e afins."
    ),
    # page 116
    "Para poder ser usado, o fonte \\mathbb{...} necessita o pacote amssymb.": (
        "Quem quiser usar \\mathbb{...} precisa carregar amssymb."
    ),
    # page 127
    "Usa-se \\left e \\right para determinar automaticamente o tamanho dos delimitadores esquerdo e direito.": (
        "\\left e \\right ajustam sozinhos a altura dos delimitadores."
    ),
    # page 145
    "Na atual versão de LATEX é melhor tratar o layout da página usando o pacote geometry.": (
        "Hoje em dia, o layout da página é melhor tratado com geometry."
    ),
    # page 158
    "O index é produzido no lugar em que ocorrer o comando \\printindex.": (
        "O índice aparece onde estiver \\printindex."
    ),
    # texlive-doc/latex/beamer2thesis/beamer2thesis_ita.pdf (slides)
    # page 5
    "Personalmente, suggerisco di usare use TEXLive: funziona sia su Linux, Mac e Windows.": (
        "Il mio consiglio è TeXLive, disponibile per tutti e tre i principali sistemi operativi."
    ),
    # page 24
    "Grazie ad un suggerimento e al prezioso aiuto di Nicola Tuveri, Beamer2Thesis supporta XƎTEX and "
    "XƎLATEX automaticamente.": ("Con l'aiuto di Nicola Tuveri, il tema gestisce in automatico XeTeX e XeLaTeX."),
    # page 29
    "Per avere più dettagli, e non solo su questo argomento, suggerisco di leggere la beameruserguide.": (
        "Per approfondire conviene consultare la guida utente di beamer."
    ),
    # page 33
    "Ovviamente, il colore utilizzato è quello da voi scelto nel preambolo.": (
        "Naturalmente viene impiegata la tinta che avete impostato nel preambolo."
    ),
    # page 37
    "Tutto ciò è reso possibile grazie alle opzioni del pacchetto hyperref.": (
        "Questo funziona per merito delle opzioni di hyperref."
    ),
    # page 41
    "In questo modo potete postare i vostri commenti, suggerimenti, idee e domande in modo più familiare.": (
        "Questo permette di lasciare osservazioni, proposte e quesiti in maniera più informale."
    ),
    # texlive-doc/xelatex/xeindex/xeindex.pdf (slides)
    # page 1
    "XEIndex is a package based on XESearch that automatically indexes words in a XELATEX document.": (
        "This XeLaTeX package, built on top of XESearch, creates index entries for words on its own."
    ),
    # page 1
    "There's only one package option, namely mark, which prefixes all index entries generated by XEIndex "
    "with ***[⟨word⟩:⟨line number⟩], where ⟨word⟩ is the word that generated the entry and ⟨line number⟩ "
    "the line where you can find it in the .tex file.": (
        "The single option, mark, prepends ***[word:line] to every entry the package generates."
    ),
    # page 2
    "Case-sensitity is useful mostly to index proper names.": (
        "Case sensitivity mainly helps when indexing proper names."
    ),
    # page 2
    "The words in a list need not be fully specified.": ("Words in a list don't have to be given in full."),
    # page 3
    "Now you can index variations of a word under the same entry.": (
        "Inflected forms can thus be gathered under a single heading."
    ),
    # page 3
    "So page ranges can't be declared by XEIndex (it would be a very bad idea anyway).": (
        "Ranges of pages cannot be set up through this package, and doing so would be unwise regardless."
    ),
    # page 4
    "That's all you need to know to use XEIndex.": ("That covers everything required for working with XEIndex."),
    # page 4
    "XEIndex keeps XESearch's default search order, namely full words before prefixes before suffixes, "
    "with case-sensitive tests first each time.": (
        "Like XESearch by default, it looks for full words first, then prefixes, then suffixes, checking "
        "case-sensitively first each time."
    ),
    # page 8
    "If the first argument is ?, then the word is unspecified at the beginning.": (
        "A ? as first argument means the start of the word is left open."
    ),
    # texlive-doc/xetex/xesearch/xesearch.pdf (slides)
    # page 4
    "We thus discover one basic principle of XESearch: it isn’t case-sensitive by default.": (
        "A key principle: by default XESearch ignores case."
    ),
    # page 5
    "These concatenating replacements are very dangerous because they are expanded after the search has "
    "started again.": ("Concatenating replacements are risky since they get expanded once searching has resumed."),
    # page 6
    "Now, if XESearch encounters a character that you’ve made into a boundary, it will stop forming a "
    "word and evaluate what it has gathered.": (
        "When it meets a boundary character, XESearch stops building the word and checks what it has collected."
    ),
    # page 7
    "Characters defined as boundaries are not only word boundaries but also phrase boundaries.": (
        "Boundary characters delimit phrases as well as words."
    ),
    # page 8
    "This means that infixes don’t exist in XESearch, i.e. you can’t say B?et to search for bullet, for instance.": (
        "XESearch has no infixes; B?et won't find bullet, for example."
    ),
    # page 11
    "By default, XESearch doesn’t patch the output routine so footers and headers are searched.": (
        "Out of the box the output routine stays untouched, so running heads and feet are scanned too."
    ),
    # page 14
    "If it doesn’t, it puts it in red, thus signaling a likely spelling error.": (
        "Words absent from the list are colored red, flagging probable misspellings."
    ),
    # page 15
    "Another simple use of XESearch is counting words in a document.": (
        "The package can also tally how many words a text contains."
    ),
    # page 17
    "The most complicated part concerns word boundaries.": ("Delimiting words is the hardest bit."),
    # page 37
    "Removing an affix from a list is easy: we scan each word and rebuild the list, removing the affix "
    "we want to deactivate.": (
        "Deactivating an affix is simple: go through every word and rebuild the list without it."
    ),
    # page 42
    "The tests for suffixes work along the same lines as those for prefixes.": (
        "Suffix tests follow the same approach as prefix tests."
    ),
    # texlive-doc/latex/juramisc/doc/jmgerdoc_scr.pdf (slides)
    # page 7
    "Aktiv entwickelt wird zur Zeit ausschließlich jurabook, hierzu bekomme ich auch mit Abstand am "
    "häufigsten Rückmeldungen.": (
        "Derzeit wird nur noch an jurabook gearbeitet, und dazu kommen auch die meisten Reaktionen."
    ),
    # page 9
    "jurabase ist das Basispaket von juramisc und wird von allen Klassen und Paketen aufgerufen.": (
        "Alle Klassen und Pakete von juramisc laden das Grundpaket jurabase."
    ),
    # page 16
    "Sie alle benutzen das xspace-Paket, so dass kein extra Leerzeichen angehängt werden muss.": (
        "Dank xspace braucht man keinen zusätzlichen Abstand anzufügen."
    ),
    # page 19
    "Sie dient vorwiegend der Erstellung juristischer Dissertationen.": (
        "Hauptsächlich ist sie zum Schreiben juristischer Doktorarbeiten gedacht."
    ),
    # page 26
    "jurabook basiert auf der book-Klasse von LATEX und übernimmt daher auch dessen Aufteilung mithilfe "
    "von \\part und \\chapter.": (
        "Da jurabook auf LaTeX-book aufsetzt, erbt es die Gliederung in \\part und \\chapter."
    ),
    # page 44
    "Wenn man sich überhaupt nicht damit abfinden kann, schaltet man einfach die Randnummern mit der "
    "Option norunners ab.": ("Wer die Randnummern gar nicht mag, deaktiviert sie über norunners."),
    # page 49
    "Kann die dem Kürzel zugeordnete Datei nicht gefunden werden, bricht jurabook mit einer Fehlermeldung ab.": (
        "Fehlt die Datei zum angegebenen Kürzel, bricht jurabook mit Fehler ab."
    ),
    # page 64
    "Zunächst werden durch die \\index-Befehle grundsätzlich nicht Seitenzahlen in den Index gebracht, "
    "sondern die aktuelle Randnummer.": (
        "Index-Einträge verweisen normalerweise auf die aktuelle Randnummer statt auf die Seite."
    ),
    # page 96
    "Mit juraurtl können zivil- und strafrechtliche Urteile gesetzt werden.": (
        "juraurtl dient zum Setzen von Urteilen im Zivil- und Strafrecht."
    ),
    # page 113
    "Schließlich ist noch darauf hinzweisen, dass juraurtl nach Angabe der Option strafurteil die Breite "
    "des Textes ein wenig verringert (um 2 em).": (
        "Mit der Option strafurteil macht juraurtl den Satzspiegel etwas schmaler, um 2 em."
    ),
    # page 114
    "juraovw dient zur Anfertigung von Übersichten, kleineren Skripten u.ä.": (
        "juraovw ist für Übersichten, kürzere Skripte und Ähnliches gedacht."
    ),
}
