"""Blind paraphrased claims about the held-out-4 real PDFs, for the citing part of the
PDF benchmark (benchmarks/pdf_real.py, ``FILES_HELD_OUT_4``, ``--split held-out-4``).

Each pairs a truth sentence of a held-out-4 file (exactly as ``truth_of`` gives it, truth
method 13; the page it lies on, noted above it, is the page a citation of the claim
should name) with a claim written by hand in other words.

Written 2026-11-29 by two engineers (two and three columns; one column and slides), blind:
from the truth sentences only (/work/heldout4-truth.txt, outside the repo), without
reading the reader's or the citation engine's code (search/, reference/, worker/) and
without running deepref or any benchmark on these files. 176 claims over every held-out-4
file, spread over each file's pages: two columns 48, one column 52, three columns 34,
slides 42. Most restate the whole sentence in other words; some keep only the main part
of a long one or sum it up in plain words, as a user's answer sentence would (a command's,
option's or file's name stays where nothing else names it). A claim is in the sentence's
language (Portuguese, Catalan, Czech and German on the cards). Sentences with
mis-decoded glyphs in the truth (lualatex-doc's ligatures, HowToTalkTeX's commands),
placeholder Latin and bibliography entries have no claim. A key is a truth sentence of
one held-out-4 file only; tests/benchmarks/test_pdf_real_claims.py checks every key
against the truth when the corpus is installed."""

from __future__ import annotations

PARAPHRASES: dict[str, str] = {
    # texlive-doc/plain/newsletr/newssamp.pdf (two columns)
    # page 1
    "I liked the fact that TEX used regular text files with embedded commands— I could use the editor I was "
    "accustomed to, TEX was available for a variety of platforms, and TEX was incredibly flexible.": (
        "What won the author over was that TeX works from ordinary text with commands mixed in, so any familiar "
        "editor will do, it runs on many kinds of systems, and it bends to almost any need."
    ),
    # page 2
    "My multiple columns command supports up to 6 columns on a page.": (
        "The macro for setting text in several columns can handle as many as six of them per page."
    ),
    # page 2
    "The macro \\definefigs must be executed to tell TEX how many pages are following that may contain figures.": (
        "Before figures can be placed, \\definefigs has to be run so that TeX learns how many of the coming pages "
        "might hold one."
    ),
    # texlive-doc/plain/newsletr/sample.pdf (two columns)
    # page 2
    "Despite my best efforts, finding the time to devote to the newsletter is becoming more and more difficult.": (
        "However hard he tries, the editor finds it ever harder to set aside time for the newsletter."
    ),
    # page 2
    "This special issue will be longer than previous issues and will be available to current subscribers only.": (
        "The farewell issue is going to be bigger than the earlier ones, and only people who already subscribe "
        "will get it."
    ),
    # page 2
    "This newsletter was typeset on a Digital VAX 6320, using the TEX typesetting system developed by Donald E. "
    "Knuth.": ("Knuth's TeX, running on a Digital VAX 6320 machine, was what set the newsletter in type."),
    # page 3
    "Tanaka is currently at work translating McCammon’s 1981 vampire epic, They Thirst.": (
        "Right now Tanaka is putting They Thirst, the vampire novel McCammon published in 1981, into Japanese."
    ),
    # page 3
    "If the character is a woman, a man, a boy, or a girl, Japanese has a very distinctive way of speaking.": (
        "In Japanese the way a character talks differs sharply depending on whether it is a man, a woman, a boy or "
        "a girl."
    ),
    # page 4
    "King and Koontz are definitely very American writers.": (
        "Stephen King and Dean Koontz both write in an unmistakably American way."
    ),
    # texlive-doc/luatex/lua-widow-control/tb133chernoff-widows.pdf (two columns)
    # page 1
    "To use lua-widow-control, all that most users need do is place \\usepackage{lua-widow-control} in their "
    "preamble.": (
        "For most people, turning the package on only takes adding \\usepackage{lua-widow-control} to the document's "
        "preamble."
    ),
    # page 1
    "An “orphan” occurs when the first line of a paragraph is at the end of the page or column preceding the "
    "remainder of the paragraph.": (
        "When a paragraph's opening line is left alone at the bottom of a page or column and the rest follows on "
        "the next one, that line is called an orphan."
    ),
    # page 2
    "To reduce widows and orphans, TEX sets weaklypositive penalties between the first and second lines of a "
    "paragraph to prevent orphans, and between the penultimate and final lines to prevent widows.": (
        "TeX discourages orphans and widows by putting small positive penalties after a paragraph's first line and "
        "before its last one."
    ),
    # page 3
    "This would seem to offer a complete solution; however, it requires multiple passes, an external tool, and "
    "has not yet been publicly released.": (
        "That approach looks like a full answer, but it needs several runs and an outside program, and nobody can "
        "get it yet because it was never published."
    ),
    # page 4
    "TEX’s paragraph is output to the page, but lua-widow-control’s paragraph is just stored for later.": (
        "The version TeX builds goes onto the page, while the package's own version is merely kept in reserve."
    ),
    # page 5
    "It is available in the default installations of both MiKTEX and TEX Live, although you will need recent "
    "versions of either.": (
        "TeX Live and MiKTeX both ship the package in their standard installs, as long as the distribution is up "
        "to date."
    ),
    # page 5
    "As its name may suggest, lua-widow-control requires LuaTEX4 regardless of the format used.": (
        "Whichever format you work with, the package only runs on the LuaTeX engine."
    ),
    # page 6
    "If you set the values to 1 (default), TEX will stretch nothing and immediately trigger lua-widow-control; if "
    "you set the values to 10 000, TEX will stretch infinitely and lua-widow-control will never be triggered.": (
        "At the default value of 1, TeX stretches no glue and hands over to the package straight away, whereas at "
        "10000 TeX stretches without limit and the package never steps in."
    ),
    # page 7
    "Here, lua-widow-control can usually remove 90% of a document’s potential widows and orphans, and it does so "
    "while making a minimal visual impact.": (
        "In balanced mode the package typically gets rid of about nine in ten of the possible widows and orphans, "
        "with changes that are barely visible."
    ),
    # page 8
    "lua-widow-control runs entirely in a single pass, without depending on any .aux files or the like.": (
        "The package does all its work in one run and needs no auxiliary files such as .aux."
    ),
    # page 9
    "Then luawidow-control breaks the paragraph one line longer than its natural length and stores it for later.": (
        "Next the package sets the paragraph with one line more than its natural breaking gives and keeps that "
        "version aside."
    ),
    # page 10
    "This gives us a PDF with 1 381 pages, 15 692 paragraphs, 61 865 lines, and 399 widows and orphans (if they "
    "aren’t removed).": (
        "The test document comes to 1381 pages holding 15692 paragraphs and 61865 lines, with 399 widows and "
        "orphans when nothing gets rid of them."
    ),
    # page 11
    "Narrow columns also stretch more easily than wide columns since you need to expand a paragraph by less to "
    "make a new line.": (
        "Paragraphs in narrow columns are easier to lengthen than in wide ones, because less expansion is needed to "
        "gain an extra line."
    ),
    # page 12
    "A global system like in [10] would solve this; however, this is both NP-complete [17] and impossible to solve "
    "in a single pass.": (
        "Optimising over the whole document would fix it, but that problem is NP-complete and cannot be done in one "
        "run."
    ),
    # page 13
    "Since v2.2.0, lua-widow-control has a “draft mode” which shows how lua-widow-control processes pages.": (
        "Starting with version 2.2.0 the package offers a draft setting that makes visible how it handles each page."
    ),
    # page 14
    "Earlier versions of lua-widow-control had some memory leaks.": ("Older releases of the package leaked memory."),
    # page 15
    "To solve this problem, immediately after TEX has naturally broken a paragraph, lua-widow-control copies and "
    "stores all its inserts.": (
        "As a fix, right after TeX has broken a paragraph the normal way, the package makes and keeps a copy of every "
        "insert in it."
    ),
    # texlive-doc/latex/base/ltnews33.pdf (two columns)
    # page 1
    "Until now, such enhancements required redefinitions of \\everypar or \\par, which led to the usual issues "
    "since such changes can easily conflict with changes made by other packages.": (
        "Before this, doing so meant redefining \\everypar or \\par, which tended to clash with whatever other "
        "packages had changed there."
    ),
    # page 2
    "Thus \\input{file} and \\input{file.tex} both load file.tex (if it exists).": (
        "Writing \\input{file} or \\input{file.tex} reads the same file.tex, assuming it is present."
    ),
    # page 3
    "Thus it is no longer necessary to load this package in order to access glyphs such as \\textcopyright, "
    "\\texteuro or \\textyen.": (
        "Symbols like \\textcopyright, \\texteuro and \\textyen can now be used without loading textcomp first."
    ),
    # page 4
    "This is now easily possible by placing a \\label within the referenced \\footnote and referencing this label "
    "by using the new command \\footref.": (
        "To point back to a footnote, put a \\label inside it and refer to that label with the newly added \\footref "
        "command."
    ),
    # page 5
    "This meant that this hook was executed in horizontal mode if the user left no empty line after the last "
    "paragraph.": (
        "So when no blank line followed the final paragraph, the end-of-document hook ran in horizontal mode."
    ),
    # page 6
    "This warning would incorrectly say that the file was not found, whereas the file would in fact be correctly "
    "loaded.": (
        "The message wrongly reported a missing file, even though the graphic was actually loaded without trouble."
    ),
    # texlive-doc/latex/l3kernel/l3news10.pdf (two columns)
    # page 1
    "The team have used this to create a new general testing system for TEX code, l3build.": (
        "Relying on Lua, the team built l3build, a new all-purpose system for testing TeX code."
    ),
    # page 1
    "The team have extended formal support in expl3 to cover the engines pTEX and upTEX, principally used by "
    "Japanese TEX users.": (
        "expl3 now officially supports pTeX and upTeX, the engines that mostly Japanese TeX users rely on."
    ),
    # page 2
    "Globally optimized pagination of documents Throughout 2016 Frank Mittelbach has worked on methods and "
    "algorithms for globally optimizing the pagination of documents including those that contain floats.": (
        "During 2016 Frank Mittelbach developed techniques for finding the best page breaks across a whole "
        "document, floats included."
    ),
    # texlive-doc/latex/revtex/sample/aps/apssamp.pdf (two columns)
    # page 1
    "Note that top-level section headings are automatically uppercased.": (
        "Headings at the highest section level are turned into capital letters automatically."
    ),
    # page 2
    "For instance, the journal style prb automatically invokes this option because Physical Review B uses "
    "superscript-style citations.": (
        "Since Physical Review B sets its citations as superscripts, the prb style switches this option on by itself."
    ),
    # page 3
    "Use the class option fleqn to flush equations left.": (
        "To align displayed equations at the left margin, pass fleqn as a class option."
    ),
    # page 3
    "Note: due to the method used to place footnotes in the bibliography, you must re-run BibTEX every time you "
    "change any of your document’s footnotes.": (
        "Because footnotes end up in the reference list, BibTeX has to be run again whenever a footnote is edited."
    ),
    # page 4
    "To reference a particular page, use the \\pageref{#1} command.": (
        "A cross-reference to a specific page is made with \\pageref{#1}."
    ),
    # page 5
    "Use the figure* environment to get a wide figure that spans the page in twocolumn formatting.": (
        "In a two-column layout, a figure as wide as the whole page is made with the figure* environment."
    ),
    # page 6
    "This is suppressed by using the star version of the appendix command (\\appendix* in the place of \\appendix).": (
        "Writing the starred \\appendix* instead of plain \\appendix leaves that letter out."
    ),
    # texlive-doc/plain/metatex/mtpaper.pdf (two columns)
    # page 1
    "METATEX is a set of plain TEX and METAFONT macros that you can use to define both the text and the figures "
    "in a single source file.": (
        "METATeX is a collection of plain TeX and METAFONT macros that lets one source file hold both the text and "
        "the drawings."
    ),
    # page 2
    "This saves time when only the text in file filename.ext, but not the figures, were modified.": (
        "It speeds things up when you edited only the text of filename.ext and left the figures alone."
    ),
    # page 3
    "This causes problems with METAFONT when the figure is big and the resolution is high, because it cannot draw "
    "areas bigger than 4095 × 4095 pixels.": (
        "Large figures at high resolution are trouble for METAFONT, which can't draw anything beyond 4095 by 4095 "
        "pixels."
    ),
    # page 4
    "Ah!, but be aware that Computer Modern is a neoclassical font, so it won’t mix well with your elaborations.": (
        "Computer Modern, being a neoclassical typeface, does not go well with ornate decorations."
    ),
    # page 5
    "Simply execute mpost &plain auxiliar.mf instead of METAFONT and, after TEX’s second pass, execute dvips "
    "(METATEX uses dvips specials).": (
        "Run mpost &plain auxiliar.mf in place of METAFONT, then run dvips once TeX's second run is done, since "
        "METATeX relies on dvips specials."
    ),
    # page 6
    "It processes the file filename.ext, generating filename.pdf.": (
        "The batch file turns filename.ext into filename.pdf."
    ),
    # debian-refcard/refcard-pt-a4.pdf.gz (three columns)
    # page 1
    "Escrever a selecção de pacotes para um ficheiro.": ("Guardar num ficheiro a lista dos pacotes seleccionados."),
    # page 1
    "Mostrar e manipular interfaces de rede e encaminhamento, necessita de iproute2.": (
        "Ver e alterar as interfaces de rede e as rotas; é preciso ter o iproute2."
    ),
    # page 1
    "Copiar ficheiros para outra máquina (e vice-versa).": ("Transferir ficheiros de e para um computador remoto."),
    # page 1
    "Este documento pode ser utilizado sob os termos da licença GNU General Public License versão 3 ou superior.": (
        "O uso deste documento rege-se pela GPL da GNU, na versão 3 ou numa posterior."
    ),
    # page 2
    "Reiniciar um serviço, daemon do sistema.": ("Voltar a arrancar um serviço ou daemon do sistema."),
    # page 2
    "Instalar pacotes a partir dos repositórios juntamente com todas as dependências.": (
        "Instala pacotes vindos dos repositórios, incluindo tudo aquilo de que dependem."
    ),
    # page 2
    "Remover pacotes que nenhum outro pacote necessite.": ("Apagar os pacotes dos quais nenhum outro pacote depende."),
    # page 2
    "Listar todos os pacotes que necessitam do pacote indicado.": (
        "Mostrar quais os pacotes que dependem do pacote dado."
    ),
    # debian-refcard/refcard-ca-a4.pdf.gz (three columns)
    # page 1
    "Mostra a quin paquet pertany un fitxer.": ("Indica de quin paquet forma part un fitxer donat."),
    # page 1
    "Audita les sumes de verificació dels paquets instal·lats.": (
        "Comprova les sumes de control dels paquets que hi ha instal·lats."
    ),
    # page 1
    "Escriu les seleccions de paquets al fitxer.": ("Desa en un fitxer la selecció de paquets."),
    # page 1
    "Entra a una altre ordinador.": ("Obre una sessió en una màquina remota."),
    # page 1
    "Tot sobre els errors existents i arreglats.": (
        "Informació completa sobre els errors actuals i els que ja s’han corregit."
    ),
    # page 2
    "Informa d’un error per correu electrònic.": ("Envia un informe d’error per e-mail."),
    # page 2
    "Tots els fitxers de registre es desen en aquest directori.": (
        "Aquest directori conté tots els registres (logs) del sistema."
    ),
    # page 2
    "Similar a apt upgrade, però amb resolució de conflictes avançada.": (
        "Com apt upgrade, però resol els conflictes de manera més sofisticada."
    ),
    # page 2
    "Instal·la la versió més nova de tots els paquets instal·lats.": (
        "Porta tots els paquets que hi ha instal·lats a la seva darrera versió."
    ),
    # debian-refcard/refcard-cs-a4.pdf.gz (three columns)
    # page 1
    "Ze souboru nastaví výběr balíků.": ("Načte výběr balíků ze souboru a použije ho."),
    # page 1
    "Konfigurace rozhraní (pokud není ovládáno network-managerem).": (
        "Nastavení síťových rozhraní, pokud je nespravuje network-manager."
    ),
    # page 1
    "Vše o stávajících i opravených chybách.": ("Veškeré informace o současných i již vyřešených chybách."),
    # page 2
    "Zašle procesu signál (např. pro ukončení).": ("Pošle procesu signál, třeba aby skončil."),
    # page 2
    "Aktualizuje seznam dostupných balíků v archivech zadaných v /etc/apt/sources.list.": (
        "Obnoví seznamy balíků z archivů, které jsou uvedeny v /etc/apt/sources.list."
    ),
    # page 2
    "Nainstaluje balíky z archivů včetně jejich závislostí.": (
        "Instaluje balíky z archivů a s nimi i vše, na čem závisejí."
    ),
    # page 2
    "Odstraní balíky, na kterých nezávisí žádné jiné balíky.": ("Smaže balíky, které žádný jiný balík nepotřebuje."),
    # page 2
    "Prověří kontrolní součty instalovaných balíků.": (
        "Zkontroluje, zda sedí kontrolní součty nainstalovaných balíčků."
    ),
    # texlive-doc/latex/tuda-ci/DEMO-TUDaLeaflet.pdf (three columns)
    # page 1
    "Es fügt die Box an der entsprechenden Position ein.": (
        "Die Box wird vom Makro an der passenden Stelle eingesetzt."
    ),
    # page 2
    "Es werden üblicherweise 6 Teil-Seiten erzeugt.": ("Normalerweise entstehen sechs Teilseiten."),
    # page 2
    "Optionen, die nicht durch tudaleaflet definiert wurden, werden ggf. an die Basisklasse weitergereicht.": (
        "Optionen, die tudaleaflet selbst nicht kennt, gibt die Klasse gegebenenfalls an ihre Basisklasse weiter."
    ),
    # page 2
    "colorbacksubtitle Diese Option funktioniert nur für colorbacktitle=true.": (
        "colorbacksubtitle wirkt ausschließlich, wenn colorbacktitle=true gesetzt ist."
    ),
    # page 2
    "Die Textausrichtung des Titels ist durch das Makro \\raggedtitle gesetzt.": (
        "Wie der Titel ausgerichtet wird, bestimmt das Makro \\raggedtitle."
    ),
    # page 2
    "Der Wert lastfoot platziert die Sponsoren mit einem \\vfill auf der letzten Seite. manual ermöglicht es die "
    "Box manuell zu platzieren.": (
        "Mit lastfoot landen die Sponsoren, per \\vfill nach unten geschoben, auf der letzten Seite, während man "
        "die Box bei manual selbst setzt."
    ),
    # texlive-doc/latex/leaflet/leaflet-manual.pdf (three columns)
    # page 1
    "The main change is, that no more post-processing is required to arrange the pages on the sheet.": (
        "The biggest difference is that laying the pages out on the sheet no longer needs any processing afterwards."
    ),
    # page 1
    "The document class leaflet creates a document of (up to) six small pages in portrait orientation, arranged "
    "physically on two “normal-size” pages.": (
        "The leaflet class produces at most six small upright pages, placed on two pages of ordinary size."
    ),
    # page 1
    "Printing these to both sides of a sheet and folding appropriately will yield a six-page leaflet.": (
        "Print them double-sided on one sheet and fold it the right way, and you get a six-page leaflet."
    ),
    # texlive-doc/lualatex/lualatex-doc/lualatex-doc.pdf (one column)
    # page 2
    "We can now answer the title question: LuaLATEX is the LuaTEX engine with the LATEX format.": (
        "LuaLaTeX is simply the LaTeX format running on top of the LuaTeX engine."
    ),
    # page 3
    "Don't use any package that changes the fonts, but use fontspec's commands instead.": (
        "Rather than loading font-switching packages, you should rely on the commands that fontspec offers."
    ),
    # page 4
    "Note that all the libraries mentioned in chapter 3 are included in LuaTEX, but the os library is restricted "
    "for security reasons.": (
        "LuaTeX ships every library covered in chapter 3, although the os library is limited for safety."
    ),
    # page 5
    "Most of the time, you don't want this to happen, so I recommend using tex.sprint which virtually inserts its "
    "argument in the current line, so is much more predictable.": (
        "The author advises tex.sprint instead, because it puts its argument into the line being read rather than "
        "a new one, which makes its behaviour far easier to foresee."
    ),
    # page 6
    "Hoewever, for everything but trivial pieces of Lua code, it is wiser to use an external file containing only "
    "Lua code defining functions, then load it and use its functions.": (
        "Apart from tiny snippets, Lua code is better kept in a separate file of function definitions that you load "
        "and then call from the document."
    ),
    # page 7
    "On the TEX end, control sequences starting with \\luatex are reserved for primitives.": (
        "Macro names that begin with \\luatex are set aside for the engine's primitives on the TeX side."
    ),
    # page 8
    "Also, it is a good and necessary practice to use local for your internal variables and functions.": (
        "Declaring a package's internal Lua variables and functions as local is both sensible and required."
    ),
    # page 9
    "It also handles a font database for transparent access to fonts from the system and the TEX distribution "
    "either by family name or by file name, as well as a font cache for faster loading.": (
        "It keeps a database so that fonts of the operating system and of TeX can be reached by family or file "
        "name, plus a cache so fonts load more quickly."
    ),
    # page 10
    "Provides a nice interface for the mplib Lua library that embeds metapost in LuaTEX.": (
        "It offers a convenient front end to mplib, the Lua library that builds MetaPost into LuaTeX."
    ),
    # page 12
    "To work around this, pdfTEX automagically quotes \\jobname when needed, but LuaTEX doesn't for some reason.": (
        "pdfTeX puts quotes around the job name by itself when necessary, whereas LuaTeX does not."
    ),
    # page 13
    "For example, with the listings package on LuaLATEX, you may use only characters below 256 (that is, characters "
    "from the Latin-1 set), inside your listings (but of course the full Unicode range is still available in the "
    "rest of your document).": (
        "Under LuaLaTeX, code typeset with the listings package is limited to Latin-1 characters, while the remainder "
        "of the document can still use all of Unicode."
    ),
    # texlive-doc/support/checkcites/checkcites-doc.pdf (one column)
    # page 1
    "checkcites is a Lua script written for the sole purpose of detecting unused or undefined references from both "
    "LATEX auxiliary or bibliography files.": (
        "The only job of checkcites, a Lua program, is to find references that are never cited or cited but missing, "
        "by reading LaTeX's aux and bib files."
    ),
    # page 2
    "It is important to note, however, that the glob=true option is not supported yet.": (
        "Setting glob=true is not handled so far."
    ),
    # page 4
    "If you do not have checkcites installed with your TEX distribution, you can run the standalone script "
    "checkcites.lua with either texlua or lua.": (
        "When the TeX installation lacks checkcites, the standalone checkcites.lua can be run through texlua or lua."
    ),
    # page 8
    "If you rely on cross-references in your bibliography file, checkcites might complain about unused entries.": (
        "Bibliography entries reached only through cross-references may be reported by the tool as unused."
    ),
    # texlive-doc/generic/ulem/ulem.pdf (one column)
    # page 2
    "To use \\uline for underlining, but have \\em and \\emph still produce normal italics, load ulem with "
    "\\usepackage[normalem]{ulem}, or declare \\normalem in the preamble.": (
        "To keep \\em and \\emph as plain italics while still underlining with \\uline, pass the normalem option "
        "when loading the package or put \\normalem in the preamble."
    ),
    # page 3
    "There is also the \\usepackage option [UWforbf] to replace boldface from \\textbf with a wavey underline.": (
        "With the UWforbf option, \\textbf gives a wavy underline rather than bold type."
    ),
    # page 4
    "Every word is typeset in an underlined box, so automatic hyphenation is disabled, but explicit discretionary "
    "hyphens (\\-) will still be obeyed.": (
        "Because each word goes into its own underlined box, words are not hyphenated automatically, though manual "
        "\\- hyphens still work."
    ),
    # page 5
    "To get italics without underlining, use \\it, \\itshape, or \\textit.": (
        "For italic text that is not underlined, use \\it, \\itshape or \\textit."
    ),
    # page 6
    "This example really illustrates that ulem does not handle nested emphasis very well!": (
        "The example makes clear that nested emphasis is a weak spot of the package."
    ),
    # texlive-doc/latex/newspaper/newspaper.pdf (one column)
    # page 1
    "As you can see from the figure, the style is based on that of the New York Times.": (
        "The layout is modelled on the New York Times."
    ),
    # page 1
    "This system requires both LATEX 2ε and the yfonts package developed by Walter Schmidt.": (
        "It needs LaTeX2e together with Walter Schmidt's yfonts package."
    ),
    # page 2
    "If that isn’t done, the gothic s is used, which looks more like the modern f than the modern s.": (
        "Otherwise the blackletter s appears, which resembles today's f more than an s."
    ),
    # page 3
    "Unlike the \\twocoloum command available to LATEX, the multicols package makes it possible to go between one "
    "coloum, two coloums, and three columns of text on the same page.": (
        "Unlike LaTeX's built-in two-column command, multicols lets you switch among one, two and three columns "
        "within a single page."
    ),
    # page 3
    "This is especially useful for setting figures in columns of text – especially since the multicols package "
    "does not allow the use of floats inside columns.": (
        "That helps when placing figures within columns, since floats are not permitted inside multicols columns."
    ),
    # page 4
    "The Times New Roman typeface was developed in 1931 for The Times of London.": (
        "Times New Roman was created in 1931 for the London newspaper The Times."
    ),
    # page 5
    "Hearings are open to the public and serve as the main tool of oversight—typically involving testimony from "
    "federal agencies.": (
        "Anyone may attend a hearing; hearings are the chief means of oversight and usually feature testimony by "
        "federal agencies."
    ),
    # page 6
    "The author name is set in all uppercase letters after the word “By” directly under the article headline.": (
        'In a byline the writer\'s name appears in capitals after "By", right beneath the headline.'
    ),
    # texlive-doc/latex/turnstile/turnstile_article.pdf (one column)
    # page 1
    "LATEX commands such as \\vdash and \\models typeset the turnstile sign, but they are not capable of placing data "
    "below or above them in an acceptable way.": (
        "\\vdash and \\models do produce the turnstile, but they cannot properly put material over or under it."
    ),
    # page 2
    "The letter “n” says that the line is empty, the letter “s” that the line is single, the letter “d” that the "
    "line is double, and finally “t” indicates that the line is triple.": (
        "In the command names, n stands for no line, s for a single line, d for a double one and t for a triple one."
    ),
    # page 7
    "The reader should also note that the vertical lines don’t stretch according to the heights of the expressions "
    "located below and above the turnstile sign.": (
        "The vertical strokes keep the same height however tall the expressions above and below the sign are."
    ),
    # texlive-doc/latex/jmlr/pmlr-sample.pdf (one column)
    # page 2
    "Unnumbered multi-lined equations should be displayed using the align* environment.": (
        "Equations spanning several lines without numbers belong in align*."
    ),
    # page 4
    "If you want to align numbers on their decimal point, you can use the siunitx package.": (
        "siunitx can line numbers up on their decimal point."
    ),
    # page 5
    "It’s best not to use \\graphicspath with the jmlr class as it can cause problems with the production editing "
    "process.": ("Avoid \\graphicspath with jmlr, since it may disturb production editing."),
    # page 7
    "By default, the sub-figures are aligned on the baseline.": (
        "Unless told otherwise, sub-figures line up along their baseline."
    ),
    # page 11
    "For a parenthetical citation use \\citep.": ("Citations in parentheses are made with \\citep."),
    # texlive-doc/latex/skak/skakdoc.pdf (one column)
    # page 3
    "Remember to run texhash after you have updated your texmf tree.": (
        "Once the texmf tree has been changed, texhash must be run."
    ),
    # page 11
    "The piece names are the standard English name with the addition that white pieces are denoted by upper case "
    "and black’s by lowercase.": (
        "Pieces use their usual English letters, capitals for White and small letters for Black."
    ),
    # page 13
    "The \\longmoves command will ensure that the full move, i.e., including the from square is typeset.": (
        "With \\longmoves, moves are printed in full, departure square included."
    ),
    # texlive-doc/latex/crossword/cwpuzzle.pdf (one column)
    # page 1
    "The leading philosophy is that the puzzle and the solution are typeset from the same source.": (
        "The guiding idea is that a single input produces both the puzzle and its answer."
    ),
    # page 3
    "The basic assumption in this package is that puzzles are rectangular arrangements of boxes.": (
        "The package takes a puzzle to be a rectangular grid of cells."
    ),
    # page 4
    "The “fill-in puzzle” variant consists of a frame containing only black and white boxes.": (
        "A fill-in puzzle is a grid made solely of black and white squares."
    ),
    # page 5
    "These arguments are the number of columns and the number of the rows of the puzzle.": (
        "Its two arguments say how many columns and how many rows the puzzle has."
    ),
    # page 6
    "The character * produces a black box.": ("An asterisk yields a black cell."),
    # page 7
    "For this purpose the macro \\PuzzleDefineCell is provided.": (
        "Your own cell renderings can be defined with \\PuzzleDefineCell."
    ),
    # page 8
    "The lower left corner has the coordinates 0,0 and the numbers increase upwards and to the right.": (
        "Positions start at 0,0 in the bottom-left corner and grow going up and rightwards."
    ),
    # page 9
    "The clues in the classical crossword puzzle are typeset with the use of the environment PuzzleClues.": (
        "The clues of a classic crossword are set with the PuzzleClues environment."
    ),
    # page 10
    "Each number occurs only once in each row, each column and each of the nine 3 × 3 boxes.": (
        "In a Sudoku no number repeats within a row, a column or any of the nine 3×3 blocks."
    ),
    # page 13
    "They contain the horizontal and vertical sums separated by a colon.": (
        "A Kakuro hint gives the across and down totals with a colon between them."
    ),
    # page 14
    "The macro \\PuzzleClueFont contains the font changing command issued before the clues are typeset.": (
        "\\PuzzleClueFont holds the font command applied before the clues are printed."
    ),
    # page 16
    "This program can be used to manually construct crossword puzzles and save them in a format suitable for this "
    "package.": ("That tool lets you build crosswords by hand and store them in a form this package can read."),
    # page 17
    "The crossword puzzle is basically implemented with the LATEX picture environment.": (
        "Under the hood, puzzles are drawn with LaTeX's picture environment."
    ),
    # texlive-doc/plain/present/HowToTalkTeX.pdf (slides)
    # page 3
    "You furthermore need a pdf-viewer with fullscreen display capabilities, e.g. xpdf.": (
        "A PDF reader able to show pages full screen, such as xpdf, is also required."
    ),
    # page 6
    "The paper size is small, because you rely on the fullscreen mode of your pdf-viewer to blow the slide up to "
    "full screen size, thus also automatically enlarging the fonts.": (
        "Pages are kept small since the viewer's full-screen mode scales each slide up to fill the display, which "
        "makes the text bigger as well."
    ),
    # page 10
    "If you say \\WideAspect, you get a page 144mm wide and 90mm high.": (
        "\\WideAspect gives a page measuring 144 by 90 millimetres."
    ),
    # page 50
    "The background image is scaled to width and height of the slide.": (
        "A background picture is stretched to fill the whole slide in both directions."
    ),
    # page 51
    "Movie support is not officially included in present.tex.": ("present.tex does not officially support movies."),
    # texlive-doc/latex/ffslides/ffslides-doc.pdf (slides)
    # page 1
    "As a side benefit, the freeform nature of the class means it can also be used to produce posters, research "
    "notes, or other documents where one might not want a rigid, pre-specified visual layout.": (
        "Because it is free-form, the class also suits posters, research notes and other documents that should not "
        "follow a fixed, predefined look."
    ),
    # page 2
    "An empty template can be found in ffslides-template.tex.": (
        "A blank starting point is provided in ffslides-template.tex."
    ),
    # page 3
    "This means that everything on the page is considered by TEX to be zero width, and the TEX “current point” "
    "never moves from the upper left corner of the page.": (
        "TeX treats all the page content as having no width, so its current position stays fixed at the page's "
        "top-left corner."
    ),
    # page 3
    "The class itself is pure LATEX, it doesn’t use TEX commands.": (
        "The class is written entirely in LaTeX, without any plain TeX commands."
    ),
    # page 5
    "Font size options are only included for potential font or package compatibility, since page size is set "
    "relative to line height.": (
        "The font-size options exist only for compatibility, as the page dimensions are derived from the line height."
    ),
    # page 6
    "Here, L, R, x, and width are all fractions of the paper width, and y is a fraction of the paper height.": (
        "L, R, x and width are given as parts of the page width, whereas y is a part of the page height."
    ),
    # page 9
    "A “normal” page is one with a header, a footer, a background, and a default text area.": (
        "A standard page has a header, a footer, a background and the default region for text."
    ),
    # page 11
    "The default is tl, which places the box such that it’s top left corner is at (x,y).": (
        "Unless another reference point is given, the box's top-left corner sits at the point (x,y)."
    ),
    # page 16
    "The code for drawing the background, header, and footer can be located in external files, and added to the "
    "presentation using document class options.": (
        "Drawing code for the background, header and footer can live in separate files, selected through options "
        "of the class."
    ),
    # page 18
    "In the class’s coordinate system, (where the page is viewed as a unit square), the grid has major divisions "
    "every 0.1 and minor divisions every 0.01, in both directions.": (
        "Treating the page as a unit square, the alignment grid has main lines at steps of 0.1 and fine lines at "
        "steps of 0.01, horizontally and vertically."
    ),
    # page 19
    "The hyperlinking functionality depends on the hyperref package, which is loaded automatically by the document "
    "class.": ("Links rely on hyperref, which the class loads on its own."),
    # page 23
    "One caveat: the coordinate system changes when nesting.": (
        "Be aware that boxes placed inside other boxes use a different coordinate system."
    ),
    # page 24
    "Unless you are digging into the structure of the class definition ffslides.cls, there should be no need to "
    "know these items.": (
        "Only someone studying the inner workings of ffslides.cls needs to know about these internal items."
    ),
    # texlive-doc/latex/pdfscreen/manual-screen.pdf (slides)
    # page 1
    "By changing the options to print you can switch the package to format the document in the conventional way as "
    "your class file dictates.": (
        "Choosing the print option makes the package lay the document out normally, the way the class specifies."
    ),
    # page 2
    "There is no need to specify the \\usepackage{hyperref} with its options, since hyperref is loaded by the "
    "pdfscreen.": ("pdfscreen loads hyperref itself, so you don't have to load it."),
    # page 3
    "Only 15 European languages are supported at the moment.": ("Currently fifteen European languages are available."),
    # page 4
    "No default screen dimensions are available, and therefore the user has to specify it explicitly.": (
        "The screen size has no default, so the user must always set it."
    ),
    # page 8
    "The default is 15% of the screen width, however, there is a minimum value of 1in in case 15% of the screen "
    "width goes below 1in.": ("The panel normally takes 15% of the screen width but is never narrower than one inch."),
    # page 10
    "A new command \\changeoverlay has been introduced and a series of small pdf files, each with less than 2 KB "
    "file size are offered, so that you can have different overlays with the change of each section unit and it "
    "will reset on every tenth section.": (
        "\\changeoverlay, together with a set of tiny PDF files, lets the background overlay change with every "
        "section, starting over after ten sections."
    ),
    # page 11
    "In an article, only section headings are shown in the panel toc.": (
        "For articles, the contents list in the panel shows only sections."
    ),
    # page 12
    "You may need Java Virtual Machine running in your system to work with PPower4.": (
        "PPower4 may require a Java runtime on your computer."
    ),
    # page 16
    "A box enlarges from the center of the old page to reveal the new one.": (
        "In this transition a rectangle grows out of the middle of the previous page to uncover the next one."
    ),
    # page 17
    "Enumerated and itemized lists spanning across pages create a nasty missing \\item error.": (
        "Numbered and bulleted lists that run over a page break trigger a missing \\item error."
    ),
    # texlive-doc/latex/beamerthemeamurmaple/beamer-amurmaple-doc.pdf (slides)
    # page 12
    "In fact, internally, four colors are defined: Amurmaple@structure, Amurmaple@alert, Amurmaple@info and "
    "Amurmaple@example.": (
        "Internally the theme sets up four colours, named Amurmaple@structure, Amurmaple@alert, Amurmaple@info and "
        "Amurmaple@example."
    ),
    # page 23
    "In the standard theme, the logo is put in the bottom right corner of the slide, just above the page numbering.": (
        "By default the logo sits at the lower right of each slide, right over the slide number."
    ),
    # page 28
    "This command allows you to generate a slide to thank the audience.": (
        "There is a command that produces a thank-you slide for the listeners."
    ),
    # page 36
    "If the gauge exists, it disappears, the numbering of slides is reset and the display is in roman form.": (
        "In the appendix any gauge is hidden and slide numbers start again in Roman numerals."
    ),
    # texlive-doc/latex/ifmslide/ifmman.pdf (slides)
    # page 2
    "Time has gone and even the insitute doesn’t exist anymore!": ("The institute itself has since ceased to exist."),
    # page 20
    "But you can put a panel outside of the frame with \\panelposition which is not present in LATEX-mode and "
    "outside of the normal paper-size in PDFLATEX-mode!": (
        "\\panelposition lets you place the panel outside the frame, where it is absent in LaTeX mode and lies "
        "beyond the normal paper size in pdfLaTeX mode."
    ),
    # page 27
    "If you think that the page-counter is too lonely in PDF-mode switch him off with \\pagecounter[off/on].": (
        "In PDF mode the page counter can be turned off with \\pagecounter[off/on]."
    ),
    # page 29
    "Presently it works only for vertical panels.": (
        "Tiling the panel background currently works only when the panel is vertical."
    ),
    # texlive-doc/latex/ticket/manual.pdf (slides)
    # page 2
    "All you need is a definition of your ‘ticket’ included in a ticket definition file (.tdf), and the two "
    "commands \\ticketdefault and \\ticket.": (
        "Only a ticket description in a .tdf file plus the commands \\ticketdefault and \\ticket are needed."
    ),
    # page 8
    "This can be used if you create a handful of tickets multiple times.": (
        "That is handy when the same small set of tickets is produced several times."
    ),
    # texlive-doc/latex/fancytooltips/examples/fancy-preview-demo.pdf (slides)
    # page 4
    "You have to insert emtpy line after each \\bibitem command.": ("Each \\bibitem must be followed by a blank line."),
    # page 10
    "Fancytooltips comment The “happy” tooltip is created by \\tooltip*{happy}{def:happy-number}. The starred "
    "version causes that the active button is not attached to the text, but is attached to the mark.": (
        "With the starred \\tooltip*, the clickable area is tied to the mark instead of to the text."
    ),
    # texlive-doc/latex/flashmovie/test-beamer-0.pdf (slides)
    # page 2
    "This package allows direct embedding of flash movies into PDF files.": (
        "With this package, Flash videos can be put straight into a PDF."
    ),
    # page 4
    "Sadly the flv-player does not work reliably with the latex package beamer.": (
        "Unfortunately the FLV player is unreliable when used together with beamer."
    ),
}
