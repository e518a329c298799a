"""Blind paraphrased claims about the held-out-6 real PDFs, for the citing part of the
PDF benchmark (benchmarks/pdf_real.py, ``FILES_HELD_OUT_6``, ``--split held-out-6``).

Each pairs a truth sentence of a held-out-6 file (exactly as ``truth_of`` gives it, truth
method 13; the page it lies on, noted above it, is the page a citation of the claim
should name) with a claim written by hand in other words.

Written 2026-11-29 by two engineers (two and three columns; one column and slides), blind:
from the truth sentences only (/work/heldout6-truth.txt, outside the repo), without
reading the reader's or the citation engine's code (search/, reference/, worker/),
without opening the PDFs and without running deepref or any benchmark on these files.
194 claims over every held-out-6 file, spread over each file's pages: two columns 50,
one column 56, three columns 40, slides 48 (no file more than 14). Most
restate the whole sentence in other words; some keep only the main part of a long one or
sum it up in plain words, as a user's answer sentence would (a command's, option's or
file's name stays where nothing else names it). Held to the word overlap of the earlier
splits: word-set Jaccard with the sentence 0.22 on average, none over 0.40. A claim is
in the sentence's language (Romanian, Norwegian, Hungarian, Slovak and Ukrainian on the
cards; Spanish, German, Latin and Greek elsewhere). Bibliography entries, placeholder
text and lines that several files share have no claim. A key is a truth sentence of one
held-out-6 file only; tests/benchmarks/test_pdf_real_claims.py checks every key against
the truth when the corpus is installed."""

from __future__ import annotations

PARAPHRASES: dict[str, str] = {
    # texlive-doc/latex/asmejour/asmejour-template.pdf (two columns)
    # page 1
    "Papers typeset in this class will follow ASME journal style for margins, fonts, headings, "
    "captions, and reference formats.": (
        "Documents made with the class match the look ASME journals require, from page margins and "
        "typefaces to section titles, figure labels and how cited works are formatted."
    ),
    # page 1
    "One author (or more) may be designated as the corresponding author by placing the command "
    "\\CorrespondingAuthor at the end of that name.": (
        "You can mark one or several authors as the contact person by adding \\CorrespondingAuthor after their name."
    ),
    # page 1
    "Any color name recognized by the xcolor package [1] may be invoked by including the option "
    "[barcolor=name] in the \\documentclass[..]{asmejour} command.": (
        "To tint the title bar, pass barcolor= with any colour name known to xcolor among the asmejour class options."
    ),
    # page 1
    "ASME requires that section headings and captions be set in bold face.": (
        "Bold type is mandatory in ASME for headings of sections and for captions."
    ),
    # page 2
    "Table captions should be placed above tables.": ("Put a table's caption above the table."),
    # page 2
    "Citations and references are managed by the standard natbib package.": (
        "Citing and the list of cited works are handled by natbib."
    ),
    # page 2
    "A bibliography field @online{.. is included for citation of online sources, such as web pages.": (
        "For web pages and similar sources there is an @online bibliography entry type."
    ),
    # page 3
    "ASME typesets vectors in upright bold, like the third instance in Eq. (3), and sets matrices in bold italic.": (
        "In ASME style, vectors appear as bold upright letters while matrices use bold slanted ones."
    ),
    # page 4
    "You must run LATEX twice for proper placement of the numbers.": (
        "LaTeX has to be run two times so the line numbers land in the right spots."
    ),
    # page 4
    "The option nocopyright will omit the ASME copyright from the first page footer.": (
        "Passing nocopyright drops ASME's copyright notice from the bottom of page one."
    ),
    # page 4
    "The space between the author/title/abstract block and the main text defaults to 12.5 mm.": (
        "Unless changed, a 12.5 mm gap separates the opening block with authors, title and abstract from the body."
    ),
    # page 5
    "If no language options are given, the package defaults to English.": (
        "English is what the package falls back to when no language is chosen."
    ),
    # texlive-doc/latex/els-cas-templates/doc/dc-sample.pdf (two columns)
    # page 1
    "Each keyword shall be separated by a \\sep command.": ("Use \\sep between one keyword and the next."),
    # page 1
    "Usually, we use commands like mktexlsr or texhash depending upon the distribution and operating system.": (
        "Refreshing the TeX database is normally done with mktexlsr or texhash, depending on your TeX system and OS."
    ),
    # page 1
    "Please use BibTEX to generate your bibliography and include DOIs whenever available.": (
        "Build the reference list with BibTeX and give DOIs wherever they exist."
    ),
    # texlive-doc/latex/base/ltnews28.pdf (two columns)
    # page 1
    "Bug reports for core LATEX 2ε For more than two decades we used GNATS, an open source bug "
    "tracking system developed by the FSF. While that has served us well in the past it started to "
    "show its age more and more.": (
        "For over twenty years bugs in core LaTeX were tracked with GNATS, an FSF open-source tool, "
        "which was increasingly showing its age."
    ),
    # page 1
    "With 8-bit TEX engines such as pdfTEX this situation changed somewhat: it was now possible to "
    "process 8-bit files, i.e., files that could encode 256 different characters.": (
        "Engines with 8-bit support like pdfTeX could read input holding up to 256 distinct symbols."
    ),
    # page 2
    "These days all major computer operating systems use UTF-8 to store their files and it requires "
    "some effort to explicitly store files in one of the legacy encodings.": (
        "Nowadays every major OS saves its data as UTF-8, and saving in an old encoding takes deliberate effort."
    ),
    # page 2
    "However, such documents may be easily processed by adding the new command \\UseRawInputEncoding "
    "as the first line of the file.": (
        "Putting \\UseRawInputEncoding on the very first line lets such old files still compile without trouble."
    ),
    # page 3
    "Unfortunately this had the side effect of defining the command to \\relax in the case that it had "
    "no definition.": (
        "\\@ifundefined used to have the unwanted effect of setting a command lacking a definition to \\relax."
    ),
    # page 3
    "The outlined approach using column specifiers “w” and “W” has now been integrated into the array package.": (
        "That w/W column technique is now built into array."
    ),
    # texlive-doc/latex/base/ltnews32.pdf (two columns)
    # page 1
    "The LATEX team started work on a comprehensive document-command parser, xparse, in the late 1990s.": (
        "The LaTeX developers began building xparse, a thorough parser for user-level command "
        "definitions, towards the end of the nineties."
    ),
    # page 2
    "The ideas developed in xparse are now sufficiently well tested that the majority can be "
    "transferred into the LATEX kernel.": (
        "Most of xparse has been tried out enough to be moved into the core of LaTeX."
    ),
    # page 2
    "A hook management system for LATEX With the fall 2020 release of LATEX we provide a general hook "
    "management system for the kernel and for packages.": (
        "Starting with the autumn 2020 version, LaTeX offers general hook handling for both its core and for packages."
    ),
    # page 3
    "This has now been fixed and the argument to \\include can contain a file name containing spaces.": (
        "The bug is gone: names given to \\include may now include blanks."
    ),
    # page 4
    "This missing command was added by several packages, e.g., mathtools, and has now been added to the kernel.": (
        "mathtools and other packages defined the lacking command, which the core now includes too."
    ),
    # page 4
    "From this release onwards, the LATEX 2ε kernel provides \\NewCommandCopy (and \\Renew... and "
    "\\Declare... variants) which functions almost like \\LetLtxMacro.": (
        "LaTeX itself now offers \\NewCommandCopy, plus Renew and Declare forms, working nearly like \\LetLtxMacro."
    ),
    # page 5
    "Record the counter name stepped by \\refstepcounter \\refstepcounter now stores the name of the "
    "counter in \\@currentcounter.": (
        "\\refstepcounter now keeps track of which counter it advanced, putting its name into \\@currentcounter."
    ),
    # page 6
    "In previous releases, if the user did \\includegraphics{file.svg}, an error would be raised and "
    "the graphics inclusion would fail due to the unknown .svg extension.": (
        "Earlier, \\includegraphics{file.svg} failed with an error since the .svg ending was not recognized."
    ),
    # page 7
    "The babel package provides about 250 of these files, which have been generated with the help of "
    "the Unicode Common Language Data Repository.": (
        "Around 250 such files ship with babel, produced using the Unicode CLDR data."
    ),
    # texlive-doc/latex/base/ltnews34.pdf (two columns)
    # page 1
    "This release of LATEX does not contain any major new modules, but is focused around consolidation "
    "and improvements of the functionality introduced in previous releases.": (
        "No big new modules arrive in this LaTeX version; it concentrates on consolidating and "
        "refining earlier features."
    ),
    # page 1
    "Predeclaring such hooks is not feasible, so these hooks use a different mechanism: they are "
    "implicitly available, springing into life the moment a package, or the document preamble, adds "
    "any code to one by using \\AddToHook.": (
        "Generic hooks can't be declared in advance, so they come into existence as soon as a package "
        "or the preamble adds code through \\AddToHook."
    ),
    # page 2
    "The coexistence of these two types caused confusion because the user had to remember in which "
    "position the variable part was supposed to go; and it also made the code more complicated and "
    "slower.": (
        "Having both name patterns confused users, who had to recall where the changing piece "
        "belonged, and it made the implementation slower and more complex."
    ),
    # page 2
    "Some file hooks made one-time Classes, packages and included files can only be loaded once in a LATEX document.": (
        "A LaTeX document can load a class, package or included file only a single time."
    ),
    # page 3
    "Undo math alphabet allocations if necessary TEX, or more exactly the 8-bit versions of TEX, such "
    "as pdfTEX, have a hard limit of 16 on the number of different math font groups (\\fam or "
    "\\mathgroup) that can be used in a single formula.": (
        "8-bit engines like pdfTeX allow no more than 16 math font groups in one formula."
    ),
    # page 3
    "Using the now available value of 3 as the default would be ideal, but for compatibility reasons "
    "we have only increased it to 2 in the kernel.": (
        "Ideally the default would be 3, yet to stay compatible LaTeX's core only goes up to 2."
    ),
    # page 4
    "To display the contents of a float register, you can now say \\ShowFloat{identifier} where "
    "identifier is the uppercase letter (or letters) after bx@ in the register name shown in the "
    "tracing.": (
        "\\ShowFloat{identifier} shows what a float register holds, the identifier being the capital "
        "letter(s) following bx@ in the traced register name."
    ),
    # page 4
    "Tests for package and class loading To test whether a package has been loaded you can now use "
    "\\IfPackageLoadedTF {⟨package⟩} {⟨true⟩} {⟨false⟩} and, based on the result, execute different "
    "code.": ("\\IfPackageLoadedTF lets you check whether some package is present and run different code accordingly."),
    # page 5
    "In this release both the footnote command in the kernel and also some of the environments in the "
    "amsmath package have been updated in this way.": (
        "Both the core's footnote macro and several amsmath environments were changed accordingly in this version."
    ),
    # texlive-doc/latex/l3kernel/l3news08.pdf (two columns)
    # page 1
    "Extended floating point support Bruno Le Floch has been re-writing the floating point module to "
    "function in an ‘expandable’ manner.": (
        "Bruno Le Floch is rewriting the floating point module so that it works expandably."
    ),
    # page 1
    "Regular expressions in TEX As if expandable floating point support wasn’t enough, Bruno has also "
    "written a complete regular expression engine in expl3 as well.": (
        "Bruno also wrote a full regex engine in expl3."
    ),
    # page 1
    "Over the course of the last twenty years probably 80% of such “internal” commands have found "
    "their way into one or another package.": (
        "In twenty years roughly four in five of these private commands ended up used in some package."
    ),
    # page 2
    "The prefix we have finally decided on for expl3 code is a double underscore, such that functions "
    "like \\seq_count:N are intended for external use and \\__seq_item:n is an internal command that "
    "should not be used or relied upon by others.": (
        "expl3 marks private code with a double underscore prefix: \\seq_count:N is public, while "
        "\\__seq_item:n is internal and must not be relied on."
    ),
    # page 2
    "Commands and variables in .dtx code may now contain @@ which is expanded to the function prefix "
    "when the .sty file is extracted.": (
        "In .dtx files, @@ within macro or variable names is swapped for the functions' prefix when producing the .sty."
    ),
    # texlive-doc/latex/l3kernel/l3news11.pdf (two columns)
    # page 1
    "We have now retired the Subversion repository and completely moved over to Git, with the master "
    "LATEX3 repository hosted on GitHub: https://github. com/latex3/latex3.": (
        "Subversion is retired; LaTeX3 development now lives entirely in Git, with the main repository "
        "at github.com/latex3/latex3."
    ),
    # page 1
    "The functionality has seen wide take up, and so has now been integrated directly into the kernel.": (
        "Because so many used it, the code was merged straight into the kernel."
    ),
    # page 1
    "A range of test booleans are also available to check whether shell escape is enabled.": (
        "Several test booleans let you check if shell escape is turned on."
    ),
    # page 2
    "These allow debug code to be enabled locally using the new option enable-debug along with "
    "functions \\debug_on:n and \\debug_off:n.": (
        "Debugging code can be switched on for a limited scope via the enable-debug option and "
        "\\debug_on:n / \\debug_off:n."
    ),
    # page 2
    "As such, we have now dropped the requirement to mark internal material with [aux] when using l3doc.": (
        "With l3doc, internal material no longer has to be tagged [aux]."
    ),
    # page 2
    "Paralleling the move of the LATEX3 codebase to Git, l3build now has its own separate Git "
    "repository: https: //github.com/latex3/l3build.": (
        "The build tool l3build got a dedicated repo, following the LaTeX3 sources' migration to Git."
    ),
    # debian-refcard/refcard-ro-a4.pdf.gz (three columns)
    # page 1
    "Arată carui pachet aparține un fișier.": ("Afișează pachetul de care ține un anumit fișier."),
    # page 1
    "Arată și manipulează interfața de rețea și rutarea, necesită iproute2.": (
        "Afișează și modifică interfețele de rețea și tabela de rutare; are nevoie de iproute2."
    ),
    # page 1
    "Copiază fișiere pe alt computer (și invers).": ("Transferă fișiere către o altă mașină sau de pe ea."),
    # page 2
    "Toate fișierele de jurnal (log) sunt aici.": ("Aici se află toate jurnalele."),
    # page 2
    "Instalează pachetele din depozit cu toate dependințele.": (
        "Pune pe sistem pachetele cerute din arhivă, împreună cu tot ce le trebuie."
    ),
    # page 2
    "Instalează cele mai noi versiuni ale pachelelor curent instalate.": (
        "Aduce toate pachetele deja instalate la versiunile cele mai recente."
    ),
    # page 2
    "Intefață grafică pentru APT. Necesită synaptic.": (
        "Programul synaptic oferă o interfață vizuală pentru APT și trebuie instalat."
    ),
    # debian-refcard/refcard-nb-a4.pdf.gz (three columns)
    # page 1
    "Vis og endre nettverksgrensesnitt og ruting, krever iproute2.": (
        "Viser og justerer grensesnittene for nettverket og rutene; trenger iproute2."
    ),
    # page 1
    "Kortfattet hjelp for de fleste kommandoer.": ("Gir en kort hjelpetekst for nesten alle kommandoer."),
    # page 1
    "Her fins all dokumentasjon; filen README.Debian (hvis tilstede) er mer spesifikk.": (
        "Dette er stedet for dokumentasjonen; en eventuell README.Debian går mer i detalj."
    ),
    # page 2
    "Rapporter en feil via e-post.": ("Send inn en feilmelding med epost."),
    # page 2
    "Alle systemoppsettfiler er i mappa /etc/.": ("Systemets konfigurasjonsfiler ligger samlet i katalogen /etc/."),
    # page 2
    "Installer pakke fra installasjonskilder med alle avhengigheter.": (
        "Legger inn en pakke fra kildene sammen med alt den er avhengig av."
    ),
    # page 2
    "Fjern pakker som ingen andre pakker er avhengige av.": ("Sletter pakker som ingen annen pakke trenger."),
    # page 2
    "Vis hvilken pakke fila tilhører.": ("Finn ut hvilken pakke en gitt fil kommer fra."),
    # debian-refcard/refcard-hu-a4.pdf.gz (three columns)
    # page 1
    "Konzolos felület az APT-hoz, aptitudecsomag kell hozzá.": (
        "Az APT parancssoros kezelőfelülete; telepíteni kell hozzá az aptitude csomagot."
    ),
    # page 1
    "Állományok másolása másik gépre (és fordítva).": ("Fájlok másolása egy másik számítógépre, illetve onnan vissza."),
    # page 1
    "A csomagok kiválasztásainak fájlba írása.": ("Elmenti egy fájlba, mely csomagok vannak kijelölve."),
    # page 2
    "Böngésző felület a nyomtatási rendszerhez.": ("A nyomtatási rendszer webböngészőn keresztül kezelhető."),
    # page 2
    "Telepítés előtt mindig futtassuk, mert a tárolók változnak.": (
        "Mivel a csomagtárak tartalma módosul, érdemes minden installálás előtt lefuttatni."
    ),
    # page 2
    "Csomagok telepítése a tárházakból minden függőségükkel együtt.": (
        "Csomagokat telepít a tárolókból az összes függőségükkel együtt."
    ),
    # page 2
    "A más csomagoknak már nem szükséges csomagok eltávolítása.": (
        "Eltávolítja azokat a csomagokat, amelyekre más csomagnak már nincs szüksége."
    ),
    # debian-refcard/refcard-sk-a4.pdf.gz (three columns)
    # page 1
    "Prepíše verziu súboru patriacu balíku.": ("Nahradí verziu súboru, ktorú obsahuje balík, inou."),
    # page 1
    "Nastaví výber balíkov zo súboru.": ("Načíta zo súboru, ktoré balíky majú byť vybrané."),
    # page 1
    "Skopíruje súbory na iný počítač (a naopak).": ("Prenesie súbory na iný stroj alebo z neho späť."),
    # page 2
    "Je potrebné ho spustiť, ak sa zmenil daný súbor alebo obsah niektorého archívu.": (
        "Musí sa vykonať po úprave tohto súboru alebo po zmene obsahu archívu."
    ),
    # page 2
    "Nainštaluje balíky z archívov vrátane ich závislostí.": (
        "Pridá do systému balíky z repozitárov aj so všetkými závislosťami."
    ),
    # page 2
    "Odstráni balíky, na ktorých nezávisia žiadne ďalšie balíky.": (
        "Odstráni balíky, ktoré nepotrebuje nijaký iný balík."
    ),
    # page 2
    "Konzolové rozhranie pre APT, vyžaduje aptitude.": ("Textové rozhranie k APT, ktoré potrebuje balík aptitude."),
    # debian-refcard/refcard-uk-a4.pdf.gz (three columns)
    # page 1
    "Показати до якого пакунка належить файл.": ("Дізнатися, якому пакунку належить файл."),
    # page 1
    "Встановити вибори пакунків із файла.": ("Зчитати з файла, які пакунки обрано."),
    # page 2
    "Запустіть, якщо вміст одного із репозитаріїв змінився, або якщо ви невпевнені.": (
        "Запустіть, коли вміст якогось репозитарію змінився або коли ви не певні."
    ),
    # page 2
    "Встановити пакунки із репозитаріїв зі всіма залежностями.": (
        "Інсталювати пакети зі сховищ разом з усіма їхніми залежностями."
    ),
    # page 2
    "Подібно до apt upgrade, але з кращім розв’язуванням конфліктів.": (
        "Працює як apt upgrade, проте краще справляється з конфліктами."
    ),
    # texlive-doc/latex/tcolorbox/tcolorbox-tutorial-poster.pdf (three columns)
    # page 1
    "In this tutorial, we use A3 sized paper in landscape format which can be set up with the geometry package.": (
        "The tutorial sets up landscape A3 sheets through geometry."
    ),
    # page 4
    "These global settings are applied using the boxes option of the poster.": (
        "Those settings reach every box at once via the poster's boxes key."
    ),
    # page 5
    "We make the title box different from the other boxes by removing everything except the background.": (
        "To make it stand out, the title box is stripped down to just its background."
    ),
    # page 6
    "The references box is filled with a simple enumerate list.": (
        "The box holding the bibliography is given an ordinary enumerate listing."
    ),
    # page 8
    "The two boxes have a closed appearance, because we used enhanced standard jigsaw as global style for all boxes.": (
        "Every box was given enhanced standard jigsaw as its common style, which is why the pair look closed off."
    ),
    # page 11
    "Therefore, we add fit to fit in the text automatically.": (
        "To make the text fit on its own, the fit key is used."
    ),
    # texlive-doc/generic/babel-latin/latin.pdf (one column)
    # page 1
    "This manual documents the babel-latin package, which defines all language-specific macros for the "
    "babel languages latin, classiclatin, medievallatin, and ecclesiasticlatin.": (
        "The package described here supplies everything language-specific that babel needs for its "
        "four flavours of Latin: plain, classical, medieval and church Latin."
    ),
    # page 2
    "Latin is supranational, but its typography is not.": (
        "Latin belongs to no single nation, but its typography varies by country."
    ),
    # page 4
    "Use the usej modifier if you prefer Januarii and Maji to Ianuarii and Maii.": (
        "Whoever wants month names spelled with j, e.g. Maji rather than Maii, should load usej."
    ),
    # page 5
    "The active = character used for macrons will cause problems with commands using key=value "
    "interfaces, such as the command \\includegraphics[scale=2]{...}. Therefore, the shorthands are "
    "disabled by default.": (
        "Since an active equals sign for long-vowel marks would break key-value options like those of "
        "\\includegraphics, these shortcuts are off unless switched on."
    ),
    # page 6
    "The ecclesiastic package, an outdated extension of former versions of babel-latin, typeset "
    "footnotes with ordinary instead of superior numbers and without indentation.": (
        "The old ecclesiastic package set its notes with normal-size numerals rather than superscripts "
        "and did not indent them."
    ),
    # page 6
    "There are three different sets of hyphenation patterns for Latin, reflecting three different "
    "styles of hyphenation: classical, modern, and liturgical.": (
        "Latin word division comes in three pattern sets, one each for the classical, the modern and "
        "the liturgical style."
    ),
    # page 9
    "babel does not provide sty files for classiclatin, medievallatin, and ecclesiasticlatin.": (
        "No .sty file is shipped by babel for the classical, medieval or ecclesiastic Latin variants."
    ),
    # page 12
    "Ecclesiastic and modern Latin use the character v, classical and medieval Latin use only u.": (
        "Church Latin and today's Latin write v, while the ancient and medieval varieties know just u."
    ),
    # page 31
    "In case LuaTEX is used for compilation, the spacing of punctuation for ecclesiastic Latin "
    "requires some Lua code, which is stored in ecclesiasticlatin.lua.": (
        "When compiling with LuaTeX, punctuation spacing in church Latin relies on Lua code kept in "
        "ecclesiasticlatin.lua."
    ),
    # texlive-doc/latex/huaz/huaz.pdf (one column)
    # page 1
    "The definite article is “az”, if the first phoneme of the pronounced word is a vowel, otherwise it is “a”.": (
        "Hungarian puts “az” before a word whose spoken form starts with a vowel sound and “a” everywhere else."
    ),
    # page 3
    "Kompatibilis a pdflatex, xelatex és lualatex fordítókkal is.": (
        "A huaz mindhárom modern TeX-motorral (pdfLaTeX, XeLaTeX, LuaLaTeX) működik."
    ),
    # page 4
    "A huaz csomag felhasználja az xstring, refcount és iftex csomagok szolgáltatásait, így ezek is betöltődnek.": (
        "Mivel a huaz az xstring, a refcount és az iftex funkcióira épül, ezeket magától behívja."
    ),
    # page 5
    "A pdf vázlatfájába nem lehet \\az paranccsal szöveget beilleszteni.": (
        "Az \\az parancs eredménye nem kerülhet bele a PDF könyvjelzőibe."
    ),
    # texlive-doc/latex/l2tabu/l2tabu.pdf (one column)
    # page 5
    "Wenn man wirklich einen anderen Satzspiegel als den von zum Beispiel typearea.sty erzeugten "
    "benötigt, dann sollte man bitte das Paket geometry.sty verwenden und nicht versuchen, »zu Fuß« "
    "\\oddsidemargin & Co. zu ändern.": (
        "Braucht man tatsächlich eine abweichende Seitenaufteilung, greift man zu geometry.sty, statt "
        "Randmaße wie \\oddsidemargin eigenhändig umzustellen."
    ),
    # page 8
    "Das Hauptproblem von \\def ist, dass keine Überprüfung auf die Existenz eines Makros durchgeführt wird.": (
        "Das Hauptproblem bei \\def: Ob ein Makro schon existiert, wird nicht geprüft."
    ),
    # page 11
    "Insbesondere das Paket amsmath.sty definiert \\frac{}{} um, und man erhält Fehlermeldungen bei "
    "der Verwendung von \\over.": (
        "Wer amsmath.sty lädt, bekommt mit \\over Fehlermeldungen, weil dort \\frac neu festgelegt wird."
    ),
    # page 12
    "Da epsfig.sty intern graphicx.sty benutzt, kann man es noch verwenden, sollte aber für neu "
    "erstellte Dokumente auf das modernere graphics.sty oder graphicx.sty umsteigen.": (
        "epsfig.sty stützt sich im Hintergrund auf graphicx.sty und läuft deshalb weiterhin; für neue "
        "Texte empfiehlt sich jedoch direkt graphics.sty oder graphicx.sty."
    ),
    # page 15
    "Die Neuentwicklungen XELATEX und LuaLATEX verarbeiten Unicode-Dateien auch ohne Kodierungsangabe.": (
        "Die neueren Engines XeLaTeX und LuaLaTeX lesen Unicode-Quelltexte, ohne dass man ihnen eine "
        "Eingabekodierung nennen muss."
    ),
    # page 17
    "Der Hauptnachteil von pslatex.sty ist, dass es nicht mit T1- und TS1-Encoding funktioniert.": (
        "Das größte Manko von pslatex.sty: Es versagt bei T1- sowie TS1-Kodierung."
    ),
    # page 21
    "Die \\[...\\]-Umgebung wird von amsmath.sty korrekt angepasst und kann an Stelle von displaymath "
    "genutzt werden. eqnarray und eqnarray* kann in erster Näherung durch align beziehungsweise align* "
    "ersetzt werden.": ("eqnarray und eqnarray* lassen sich grob durch align bzw. align* ersetzen."),
    # texlive-doc/latex/schulmathematik/schulmathematik.pdf (one column)
    # page 1
    "Das Bündelpaket Schulmathematik stellt zwei LATEX-Pakete und sechs Dokumentenklassen für "
    "deutschsprachige Mathematik- und Physiklehrer zur Verfügung.": (
        "Für Lehrkräfte der Fächer Mathematik und Physik im deutschen Sprachraum bietet das Bundle "
        "zwei Pakete sowie sechs Klassen."
    ),
    # page 2
    "Das Paket sorgt dafür, dass in mathematischen Formeln nach einem Komma kein Leerraum eingefügt wird.": (
        "In Formeln setzt das Paket hinter Kommas keinen Abstand."
    ),
    # page 5
    "Voreingestellt ist eine Größe von 5pt (≈ 1,8 mm).": ("Standardmäßig misst die Markierung 5 pt, also rund 1,8 mm."),
    # page 6
    "Die Option locale=DE stellt sicher, dass ein Dezimalkomma anstelle eines Dezimalpunkts und in der "
    "wissenschaftlichen Schreibweise ein Multiplikationspunkt anstelle eines Kreuzes verwendet wird.": (
        "Mit locale=DE erscheinen Zahlen mit Komma als Dezimaltrenner, und bei Zehnerpotenzen steht "
        "ein Malpunkt statt eines Kreuzes."
    ),
    # page 20
    "Als Alternative stellt die Klasse schulma-praes mit der Farbe dgruen ein etwas dunkleres Grün zur Verfügung.": (
        "Ersatzweise definiert schulma-praes den Farbton dgruen, ein etwas tieferes Grün."
    ),
    # page 23
    "Am Ende der Klausur werden die Anzahl der Aufgaben, die Summe der Bearbeitungszeiten und die "
    "Summe der erreichbaren Punkte auf das Terminal geschrieben.": (
        "Nach dem Übersetzen meldet das Terminal, wie viele Aufgaben die Prüfung enthält, wie lange "
        "sie insgesamt dauern und wie viele Punkte maximal möglich sind."
    ),
    # texlive-doc/generic/es-tex-faq/FAQ-CervanTeX.pdf (one column)
    # page 8
    "LATEX es un paquete de macros para TEX, originalmente escrito por Leslie Lamport para "
    "proporcionar un sistema de procesamiento de documentos más simple de uso que TEX, pero con toda "
    "su potencia.": (
        "Lamport escribió LaTeX, una colección de macros de TeX, buscando que preparar documentos "
        "resultara más sencillo sin renunciar a la capacidad del original."
    ),
    # page 10
    "Una de las decepciones que sufre el usuario novato es que no ve los frutos de su trabajo hasta que compila.": (
        "Al principiante le frustra no poder ver el resultado de lo que escribe hasta haberlo compilado."
    ),
    # page 14
    "Un archivo DVI es el archivo resultante de procesar el texto fuente a través de TEX. Su forma no "
    "depende del dispositivo que se vaya a utilizar para verlo/imprimirlo.": (
        "El DVI que genera TeX a partir del fuente es independiente del aparato con el que luego se "
        "visualice o imprima."
    ),
    # page 15
    "Con el tiempo, estos tipos (los Computer Modern o CM) se convirtieron en la firma del procesador, "
    "que permitía identificar un documento a primera vista.": (
        "Las Computer Modern acabaron siendo la seña de identidad de TeX: bastaba un vistazo para "
        "reconocer un documento hecho con él."
    ),
    # page 16
    "Como lenguaje estructurado permite la programación (tiene estructuras de control y bucles), y "
    "recuerda el lenguaje de programación FORTH. Originalmente fue desarrollado por Adobe.": (
        "Adobe lo diseñó; admite programar con ciclos y condicionales y se parece a FORTH."
    ),
    # page 20
    "El paquete inputenc permite escribir directamente en la página de códigos habitual, "
    "convirtiéndose internamente el texto introducido a texto LATEX, de acuerdo con las diferentes "
    "tablas de equivalencia para las distintas páginas de códigos y de forma completamente "
    "transparente al usuario.": (
        "Gracias a inputenc se puede teclear en la codificación de siempre; el paquete traduce "
        "internamente el texto a LaTeX sin que el usuario lo note."
    ),
    # page 24
    "Para empezar, la Academia permite partir tanto por componentes (sub-ur-ba-no) como silábicamente (subur-ba-no).": (
        "La Academia admite cortar una palabra por sus componentes o bien por sílabas."
    ),
    # page 26
    "En este caso es preferible definir en el preámbulo del documento cómo se permite la partición de "
    "esta palabra de forma global para todo el documento, mediante \\hyphenation.": (
        "Lo mejor es indicar en el preámbulo, con \\hyphenation, cómo debe cortarse ese vocablo en todo el texto."
    ),
    # page 28
    "En la tradición tipográfica española no se utilizan los números romanos en minúsculas, que se "
    "sustituyen por las versalitas.": (
        "La tipografía española tradicional reemplaza la numeración romana en minúscula por versalitas."
    ),
    # page 32
    "El problema con que uno se encuentra al utilizar makeindex es que no ordena correctamente las "
    "palabras con caracteres acentuados, ya que por ejemplo ordena la á como \\’a que es lo que TEX "
    "escribe al archivo de índice y salvo que fuera la más reciente versión de makeindex de 8 bits ni "
    "siquiera las reconocería si estuvieran escritas directamente al archivo de índice como palabras "
    "acentuadas.": ("makeindex ordena mal los términos con tilde, porque trata la á como \\'a."),
    # page 40
    "Sin embargo, \\include permite incluir documentos de forma selectiva mediante la orden "
    "\\includeonly, mientras que \\input no lo permite.": (
        "A diferencia de \\input, \\include deja elegir qué partes entran mediante \\includeonly."
    ),
    # page 46
    "Los paquetes multibib y bibtopic permiten dividir una bibliografía global en partes separadas "
    "para los distintos temas.": ("multibib y bibtopic sirven para partir la bibliografía en bloques temáticos."),
    # page 55
    "Las distribuciones de ghostscript suelen venir con un pequeño programa llamado ps2pdf que hace la "
    "transformación llamando a ghostscript con los parámetros adecuados.": (
        "Ghostscript suele traer una pequeña utilidad, ps2pdf, que hace la conversión invocándolo con "
        "las opciones oportunas."
    ),
    # page 68
    "CervanTEX es el grupo de usuarios de TEX hispanohablantes, y forma parte de los grupos locales "
    "asociados al TEX User Group.": (
        "CervanTeX reúne a quienes usan TeX en español y es una de las asociaciones locales vinculadas a TUG."
    ),
    # texlive-doc/latex/feupphdteses/Template_EN.pdf (one column)
    # page 5
    "To whom you wish to dedicate this thesis to.": (
        "Here you name the person or people the dissertation is dedicated to."
    ),
    # page 11
    "I’m sure there is more than one person you feel like thanking.": (
        "You probably want to thank more than one person."
    ),
    # page 29
    "Just to show you how to turn your page completely.": ("This page just shows how to rotate a whole page."),
    # page 34
    "This is how a section would look like (Espinoza et al., 2012a).": (
        "Here is an example of what a section looks like."
    ),
    # texlive-doc/latex/ncclatex/nccnews.pdf (one column)
    # page 1
    "Ядро макроса NCC интегрировано пакетом ncclatex, который также можно использовать совместно с другими классами.": (
        "Основа NCC собрана в пакете ncclatex, и его можно подключать и к другим классам."
    ),
    # page 2
    "Дополнительно имеется опция a5a4paper, применяемая для печати текста формата A5 на принтере "
    "формата A4, имеющем центрированный карман ввода.": (
        "Чтобы печатать страницы A5 на принтере A4 с подачей бумаги по центру, предусмотрен параметр a5a4paper."
    ),
    # page 3
    "По умолчанию толщина линейки в колонтитуле равна 0.4pt.": (
        "Если ничего не менять, линия в колонтитуле имеет толщину 0.4pt."
    ),
    # page 7
    "Для этого служит команда \\ChapterPrefixStyle{список}, в списке которой через запятую можно "
    "указывать два слова: header и toc.": (
        "Команда \\ChapterPrefixStyle принимает перечень из слов header и toc, разделённых запятыми."
    ),
    # page 10
    "Команда \\bm{формула} (ожирнение математической формулы) старого макроса NCC не реализована в "
    "новом варианте, поскольку в LATEX имеется соответствующий пакет.": (
        "В новой версии NCC нет старой команды \\bm для жирных формул: для этого в LaTeX уже "
        "существует отдельный пакет."
    ),
    # page 12
    "Утверждение первого типа выводится курсивом, а второго – прямым шрифтом.": (
        "Теоремы набираются наклонным шрифтом, а замечания — обычным прямым."
    ),
    # page 17
    "Рекомендуется помещать их в поддиректорию graphics относительно директории, в которой находится "
    "транслируемый документ.": (
        "Графические файлы лучше хранить в подпапке graphics рядом с компилируемым документом."
    ),
    # texlive-doc/latex/cje/cjeguide.pdf (one column)
    # page 1
    "Include an English abstract of no more than 160 words, if possible, and a French abstract, if available.": (
        "Where you can, supply a summary in English no longer than 160 words, together with a French "
        "version when one exists."
    ),
    # page 3
    "Typeset the shortened version of the title in square brackets immediately after the \\title command.": (
        "Right after \\title, put the abbreviated title between square brackets."
    ),
    # page 7
    "Do not use vertical rules in tables.": ("Tables should have no vertical lines."),
    # page 14
    "Note that if you’re also using amsmath.sty, you must place it before amsmath.sty.": (
        "When you load amsmath.sty too, amsthm.sty must be placed before it."
    ),
    # page 17
    "Next, compile your article twice, then run BibTEXand, finally, run your article through LATEX once more.": (
        "Run LaTeX two times, then BibTeX, and end with one last LaTeX pass."
    ),
    # texlive-doc/latex/pageslts/pageslts.pdf (slides)
    # page 1
    "This LATEX package puts the labels LastPage (\\AtEndDocument) and VeryLastPage "
    "(\\AfterLastShipout) into the .aux file, allowing the user to refer to the (very) last page of a "
    "document.": (
        "By writing LastPage and VeryLastPage labels into the auxiliary file, pageslts lets you "
        "reference a document's final page."
    ),
    # page 5
    "Once the package is loaded, anywhere in the text references can be made to the labels LastPage, "
    "VeryLastPage, and LastPages (most times with \\pageref{...}, but more save with "
    "\\lastpageref{...}).": (
        "After loading, you may cite LastPage, VeryLastPage or LastPages anywhere, usually via "
        "\\pageref but more safely through \\lastpageref."
    ),
    # page 5
    "If you want to start with I (or i, 1, a, A, *,. . . ) again, set option pagecontinue=false.": (
        "To restart numbering from I, i, 1, a and so on, pass pagecontinue=false."
    ),
    # page 7
    "When more than one page numbering scheme is used, neither LastPage nor VeryLastPage give the "
    "total number of pages.": (
        "With several numbering styles in one document, neither LastPage nor VeryLastPage yields the "
        "overall page count."
    ),
    # page 8
    "For pages with the fnsymbol page numbering scheme, \\lastpageref{...} instead of \\pageref{...} must be used.": (
        "Under fnsymbol numbering you have to write \\lastpageref rather than \\pageref."
    ),
    # page 8
    "The pageslts package tries to determine the page numbering scheme at the first shipout, but "
    "success is not guaranteed.": ("Detecting the numbering style at the first shipout is attempted, but it may fail."),
    # page 11
    "There is a kind of an add-on to this package, the papermas package, which can be used to compute "
    "the number of sheets of paper needed to print a document (you can print more than one page of a "
    "document on one sheet of paper) as well as the approximate mass of the printout.": (
        "A companion, papermas, works out how many sheets a printout needs and roughly how much it weighs."
    ),
    # page 12
    "Use hyperref with plainpages=false and pdfpagelabels=true, and everything should be fine.": (
        "The advice is to give hyperref the options plainpages=false and pdfpagelabels=true, which should solve it."
    ),
    # page 12
    "If you want your LastPage to label the last page of these end floats, you need to load pageslts "
    "after loading endfloat, or to use VeryLastPage instead.": (
        "Loading pageslts after endfloat, or referring to VeryLastPage, makes LastPage point at the "
        "final page of the deferred figures and tables."
    ),
    # page 14
    "Using the fnsymbol page numbering scheme can result in problems – big ones!": (
        "Numbering pages with fnsymbol can cause serious trouble."
    ),
    # page 15
    "- The totpages package provides a totpages label similar to LastPages, but \\AtEndDocument "
    "instead of \\AfterLastShipout.": (
        "totpages offers a label resembling LastPages, yet it is set with \\AtEndDocument and not \\AfterLastShipout."
    ),
    # page 36
    "The package is now named ‘pageslts’ but had been named ‘pagesLTS’ before.": (
        "Formerly the package was called pagesLTS; its current name is pageslts."
    ),
    # page 52
    "The page number is continued, if the option pagecontinue=false is not set, otherwise it is reset to one.": (
        "Numbering carries on unless pagecontinue=false is set, in which case it restarts at one."
    ),
    # page 62
    "Simply using \\label would not work, because labels wait for the output routines to work, and "
    "there may not be any more invocations of the output routines.": (
        "A plain \\label would fail here, since labels depend on output routines that might never run again."
    ),
    # texlive-doc/latex/thumbs/thumbs.pdf (slides)
    # page 1
    "This LATEX package allows to create one or more customizable thumb index(es), providing a quick "
    "and easy reference method for large documents.": (
        "The package lets you create one or more customizable thumb indexes, a fast way to find things "
        "in large documents."
    ),
    # page 4
    "This LATEX package puts running, customizable thumb marks in the outer margin, moving downward as "
    "the chapter number (or whatever shall be marked by the thumb marks) increases.": (
        "Running tab marks, which can be configured, sit on the outer edge and move down with each new chapter."
    ),
    # page 4
    "The thumbs package takes the dimensions of the page \\AtBeginDocument and does not react to changes afterwards.": (
        "Page dimensions are read once at the start of the document; later changes are ignored."
    ),
    # page 5
    "Option width wants to know the horizontal extension of each thumb mark.": (
        "The width option sets how far each mark extends horizontally."
    ),
    # page 5
    "When the height is smaller than minheight, this package deems this as too small and instead uses "
    "a new column/page of thumb marks.": (
        "If the computed height falls below minheight, a fresh column or page of marks is begun instead."
    ),
    # page 6
    "This might be usefull when a duplex printer shifts recto and verso pages against each other by "
    "some small amount, e.g. a millimeter or two, which is not uncommon.": (
        "This helps when a two-sided printer offsets front and back pages slightly, say by one or two "
        "millimetres, as often happens."
    ),
    # page 7
    "Option nophantomsection globally disables the automatical placement of a \\phantomsection before "
    "the thumb marks.": (
        "nophantomsection turns off, for the whole document, the automatic \\phantomsection inserted "
        "ahead of each mark."
    ),
    # page 8
    "Option draft (not the default) sets the thumb mark width to 2 pt, thumb mark text colour to black "
    "and thumb mark background colour to grey (gray).": (
        "In draft mode the marks become 2 pt wide, with black text on a grey background."
    ),
    # page 9
    "When a page (or pages) shall have no thumb marks, use the \\stopthumb command (without parameters).": (
        "To leave pages without marks, issue \\stopthumb, which takes no arguments."
    ),
    # page 23
    "For possible SW(P) users, we issue a warning.": ("A warning is printed for people who may be using SW(P)."),
    # page 49
    "To determine whether to place the thumb marks at the left or right side of a two-sided paper, "
    "thumbs must determine whether the page number is odd or even.": (
        "On double-sided output, thumbs has to test the parity of a page's number to decide which edge gets the tab."
    ),
    # page 51
    "Changing the paper size mid-document will probably cause some problems.": (
        "Switching to another paper size in the middle of a document is likely to cause trouble."
    ),
    # page 64
    "When we are in hidethumbs mode, there are no thumb marks and therefore neither any thumb mark overview page.": (
        "With hidethumbs active, neither marks nor an overview page are produced."
    ),
    # page 71
    "Empty thumb marks now inherit their colour from the pages’s background.": (
        "A blank mark now takes its colour from the page background."
    ),
    # texlive-doc/generic/2up/2up-doc.pdf (slides)
    # page 1
    "It produces a standard dvi file, and does not involve an additional dvi or PostScript filter.": (
        "The output is an ordinary DVI file; no extra DVI or PostScript filter is needed."
    ),
    # page 2
    "Load 2up as a LATEX package with \\usepackage.": ("Under LaTeX, 2up is loaded via \\usepackage."),
    # page 2
    "To get the pages to fit, the magnification of the document typically has to be reduced.": (
        "Fitting the pages usually requires shrinking the document's magnification."
    ),
    # page 2
    "Odd pages are always printed on the right or the bottom.": (
        "Source pages with uneven numbers go to the right-hand or lower position every time."
    ),
    # page 3
    "A landscape document on legal size paper (8.5x14 inches), with the source pages printed side by side.": (
        "A sideways sheet of 8.5x14-inch legal stock, with two source pages placed next to one another."
    ),
    # page 4
    "Once you use ‘true’ dimensions, it is impossible to change the magnification of your document, "
    "and hence it is almost impossible to use 2up.tex.": (
        "True dimensions fix the scaling, so 2up.tex can then hardly be used at all."
    ),
    # page 4
    "Run the job without 2up.tex, until all cross-references are properly resolved.": (
        "First process the file without 2up.tex until every cross-reference has settled."
    ),
    # page 5
    "With the dvidvi layout option, 2up.tex takes care of adjusting the margins, and you then use "
    "dvidvi to arrange the pages in a two-up format.": (
        "Under the dvidvi layout, 2up.tex fixes the margins and dvidvi then places pairs of pages on each sheet."
    ),
    # texlive-doc/fonts/frederika2016/testpol.pdf (slides)
    # page 5
    "Οἱ Κολλυβάδες τοῦ Παπαδιαμάντη καὶ οἱ Στάρετς (Γέροντες) τοῦ Ντοστογιέφσκυ ἦσαν φορεῖς τῆς "
    "ζωντανῆς αὐτῆς παραδόσεως τοῦ Ἡσυχασμοῦ.": (
        "Τόσο οι Κολλυβάδες στο έργο του Παπαδιαμάντη όσο και οι γέροντες του Ντοστογιέφσκι μετέφεραν "
        "τη ζωντανή παράδοση του ησυχασμού."
    ),
    # page 12
    "Ὁ Θεός μας εἶναι Θεὸς ἐνσαρκωμένος στὸ πρόσωπο τοῦ Ἰησοῦ Χριστοῦ.": (
        "Ο δικός μας Θεός έγινε άνθρωπος στο πρόσωπο του Χριστού."
    ),
    # page 13
    "Ὁ δυτικὸς ἄνθρωπος εἶναι μέσα μας, εἶναι ὁ παλαιὸς Ἀδάμ.": (
        "Τον άνθρωπο της Δύσης τον κουβαλάμε εντός μας· πρόκειται για τον παλιό Αδάμ."
    ),
    # page 18
    "Γιατὶ ἡ αὐτομεμψία ἀπὸ μόνη της δὲν σῴζει.": ("Η αυτοκατηγορία μόνη της δεν φέρνει σωτηρία."),
    # page 19
    "Τὸ καλὸ καὶ χαρακτηριστικό του Παπαδιαμάντη καὶ τοῦ Ντοστογιέφσκυ εἶναι ὅτι αὐτοὶ δὲν φτιάχνουν "
    "πρόσωπα, ἀλλὰ περιγράφουν, παριστάνουν.": (
        "Ο Παπαδιαμάντης και ο Ντοστογιέφσκι ξεχωρίζουν επειδή δεν κατασκευάζουν ήρωες, αλλά "
        "απεικονίζουν και περιγράφουν."
    ),
    # texlive-doc/latex/graphicxbox/examples/grfxbox_tst.pdf (slides)
    # page 2
    "These new commands are similar to their colorful counterparts, but they insert a graphical "
    "background in the box rather than a color background.": (
        "Unlike \\colorbox and \\fcolorbox, which fill a box with a colour, the new commands fill it with a picture."
    ),
    # page 3
    "\\fgraphicxbox does the same as \\graphicxbox, but places a colorful frame around the box, just "
    "as \\fcolorbox does.": (
        "\\fgraphicxbox works like \\graphicxbox plus a coloured frame, in the manner of \\fcolorbox."
    ),
    # page 4
    "As with \\colorbox and \\fcolorbox, the space around the box is equal to \\fboxsep on all sides, "
    "and the width of the rule is \\fboxrule.": (
        "Just like the colour boxes, the padding on every side equals \\fboxsep and the frame thickness is \\fboxrule."
    ),
    # page 5
    "We simply create the box so that its dimensions have the same aspect ratio as that of the photo.": (
        "The box is simply given the same width-to-height proportion as the picture."
    ),
    # texlive-doc/latex/graphicxbox/examples/grfxbox_tst_indians.pdf (slides)
    # page 3
    "This command is quite similar to \\colorbox, except \\graphicxbox places a graphic in the "
    "background instead of a color.": (
        "\\graphicxbox works much like \\colorbox, only the backdrop is an image instead of a colour."
    ),
    # page 4
    "This command is similar to \\fcolorbox, it does draw a boundary rule, but inserts a graphic image "
    "instead of a flat background.": (
        "\\fgraphicxbox draws a frame like \\fcolorbox but fills the box with a picture instead of a plain colour."
    ),
    # page 6
    "Same ‘Indian Blanket’ graphic as the previous page, but using graphicxsp, with transparency!": (
        "Here the Indian Blanket image from the preceding page is used again, this time through "
        "graphicxsp, so it is transparent."
    ),
}
