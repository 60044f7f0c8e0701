"""The Rickety Kate rules page, in English and German, written in our own words.

One section per referee rule id (referee.RULES), one per option (OPTION_INFO's `rule` anchors) and the
plain sections of the game. Where the sources disagree, `kibitz_reading` says what Kibitz does and which
option changes it. Pure data: no Django here.
"""

from __future__ import annotations

from typing import Any

from games.rules import RuleSection, resolve


def _section(
    anchor: str,
    title: tuple[str, str],
    en: tuple[str, ...],
    de: tuple[str, ...],
    reading: tuple[str, str] | None = None,
) -> RuleSection:
    return RuleSection(
        anchor=anchor,
        title={"en": title[0], "de": title[1]},
        body={"en": en, "de": de},
        kibitz_reading=None if reading is None else {"en": reading[0], "de": reading[1]},
    )


# -- the game --------------------------------------------------------------------------------------------

_GAME = (
    _section(
        "overview",
        ("Rickety Kate at a glance", "Rickety Kate auf einen Blick"),
        en=(
            "Rickety Kate is what Australians and New Zealanders call Black Lady, a Hearts game for 3 to 6 "
            "players. With the double deck Kibitz also seats 7 or 8.",
            "Everyone plays alone. There are no trumps.",
            "Each heart you take costs 1 point. The lady, the Q♠, costs 13.",
            "Points add up hand after hand. Once a total reaches the end score (100 unless you chose another), "
            "the lowest total wins.",
            "Black Maria is a different British game with extra penalty spades. This page is not about it.",
            "Kibitz never sees your cards. Its referee flags a play only when a later play in the same hand "
            "proves it was wrong.",
        ),
        de=(
            "Rickety Kate ist Black Lady unter australischem und neuseeländischem Namen: ein Hearts-Spiel für "
            "3 bis 6 Leute. Mit dem Doppeldeck setzt Kibitz auch 7 oder 8 an den Tisch.",
            "Alle spielen für sich allein. Trumpf gibt es keinen.",
            "Jedes Herz in deinen Stichen kostet 1 Punkt. Die Dame, also die Pik-Dame, kostet 13.",
            "Die Punkte laufen über viele Runden auf. Kommt eine Summe auf die Zielpunktzahl (meist 100), "
            "gewinnt die niedrigste Summe.",
            "Black Maria ist ein eigenes britisches Spiel mit weiteren Pik-Strafkarten. Darum geht es hier nicht.",
            "Kibitz sieht eure Karten nie. Der Schiedsrichter meldet einen Zug erst, wenn ein späterer Zug "
            "derselben Runde beweist, dass er falsch war.",
        ),
    ),
    _section(
        "deck",
        ("The deck", "Die Karten"),
        en=(
            "One deck of 52 cards, no jokers. Aces are high, 2s are low.",
            "Low cards come out so that everyone gets the same number:",
            "3 players: take out the 2♠. 17 cards each.",
            "4 players: nothing comes out. 13 cards each.",
            "5 players: take out the 2♣ and the 2♠. 10 cards each.",
            "6 players: take out all four 2s. 8 cards each.",
            "With the double deck the same cards come out of both decks. 7 players also take out the 2♣, 2♦ "
            "and 2♠ (14 cards each); 8 players keep every card (13 each).",
        ),
        de=(
            "Ein Blatt mit 52 Karten, ohne Joker. Das Ass ist die höchste Karte, die Zwei die niedrigste.",
            "Damit alle gleich viele Karten bekommen, fliegen niedrige Karten raus:",
            "3 Personen: die Pik-Zwei kommt raus. Je 17 Karten.",
            "4 Personen: alles bleibt drin. Je 13 Karten.",
            "5 Personen: Kreuz-Zwei und Pik-Zwei kommen raus. Je 10 Karten.",
            "6 Personen: alle vier Zweien kommen raus. Je 8 Karten.",
            "Beim Doppeldeck kommen dieselben Karten aus beiden Blättern. Bei 7 Personen fallen Kreuz-, Karo- "
            "und Pik-Zwei weg (je 14 Karten), bei 8 bleibt alles drin (je 13).",
        ),
        reading=(
            "Books disagree on the 3-player card (2♠, 2♣ or 2♦), and the German seed text lost its symbol. "
            "Kibitz takes out the 2♠, as Foster did; the seed's 5- and 6-player choices follow Foster too. "
            "The option Cards taken out sets another list.",
            "Welche Karte bei 3 Personen rausfliegt, ist strittig (Pik-, Kreuz- oder Karo-Zwei), und in der "
            "deutschen Vorlage fehlt das Symbol. Kibitz nimmt die Pik-Zwei, wie Foster; auch die Angaben für "
            "5 und 6 Personen folgen ihm. Mit der Option „Entfernte Karten“ legt ihr eine andere Liste fest.",
        ),
    ),
    _section(
        "deal",
        ("Dealing", "Geben"),
        en=(
            "The first dealer is usually found by a cut: lowest card deals. Record who dealt; if you do not, "
            "Kibitz takes the first seat as the first dealer.",
            "The dealer shuffles, and the player on the dealer's right cuts.",
            "Deal one card at a time, clockwise, starting with the player on the dealer's left, until no "
            "cards are left.",
            "After each hand the deal moves one seat to the left.",
            "In a playoff hand the deal goes to the next tied player on the left.",
        ),
        de=(
            "Wer zuerst gibt, wird meist gezogen: die niedrigste Karte gibt. Tragt den Geber ein; sonst lässt "
            "Kibitz den ersten Platz zuerst geben.",
            "Der Geber mischt, die Person zu seiner Rechten hebt ab.",
            "Gegeben wird einzeln im Uhrzeigersinn, links vom Geber beginnend, bis keine Karte mehr übrig ist.",
            "Nach jeder Runde gibt der linke Nachbar.",
            "Im Stechen gibt die nächste beteiligte Person links.",
        ),
    ),
    _section(
        "passing",
        ("Passing cards", "Karten weitergeben"),
        en=(
            "Before play, everyone picks three cards and passes them face down.",
            "Pass your own three before you look at the ones you receive.",
            "With 4 players the direction changes each hand: left, right, across, then a hold hand with no "
            "passing. Hand 5 starts over with left.",
            "With 3, 5 or 6 players the cycle is left, right, hold.",
            "Playoff hands count in the hand number.",
        ),
        de=(
            "Vor dem Ausspielen sucht sich jede Person drei Karten aus und reicht sie verdeckt weiter.",
            "Erst die eigenen drei abgeben, dann die erhaltenen ansehen.",
            "Zu viert wechselt die Richtung jede Runde: links, rechts, gegenüber, dann eine Haltehand ohne "
            "Weitergabe. Runde 5 beginnt wieder mit links.",
            "Zu dritt, zu fünft oder zu sechst heißt die Folge: links, rechts, halten.",
            "Runden im Stechen zählen mit.",
        ),
        reading=(
            "For 3, 5 or 6 players the seed sends the third pass to a fixed other player without saying who. "
            "Kibitz drops that step: left, right, hold. The Passing option can pass always left, always "
            "right, or never.",
            "Für 3, 5 oder 6 Personen nennt die Vorlage als dritte Richtung nur eine feste andere Person, ohne "
            "zu sagen, welche. Kibitz lässt diesen Schritt weg: links, rechts, halten. Mit der Option "
            "„Weitergeben“ geht es immer nach links, immer nach rechts oder gar nicht.",
        ),
    ),
    _section(
        "rk.pass-three",
        ("Pass exactly three cards", "Genau drei Karten weitergeben"),
        en=(
            "On a passing hand every player passes exactly three cards. Not two, not four.",
            "Kibitz flags a recorded pass with any other number of cards.",
        ),
        de=(
            "In einer Runde mit Weitergabe gibt jede Person genau drei Karten ab. Nicht zwei, nicht vier.",
            "Kibitz meldet jede eingetragene Weitergabe mit einer anderen Kartenzahl.",
        ),
        reading=(
            "Some Australian tables pass only two cards. Kibitz always expects three; no option changes the "
            "count. Set Passing to none to skip passing.",
            "An manchen australischen Tischen wandern nur zwei Karten. Kibitz erwartet immer drei; keine Option "
            "ändert das. Wer gar nicht weitergeben will, stellt „Weitergeben“ auf „keine“.",
        ),
    ),
    _section(
        "rk.pass-hold",
        ("No passing on a hold hand", "Keine Weitergabe in der Haltehand"),
        en=(
            "On a hold hand nobody passes. Everyone plays the cards they were dealt.",
            "With 4 players every fourth hand is a hold hand; with 3, 5 or 6, every third. With Passing set "
            "to none, every hand is one.",
        ),
        de=(
            "In einer Haltehand gibt niemand Karten weiter. Gespielt wird mit dem, was ausgeteilt wurde.",
            "Zu viert ist jede vierte Runde eine Haltehand, zu dritt, fünft oder sechst jede dritte. Steht "
            "„Weitergeben“ auf „keine“, ist es jede Runde.",
        ),
    ),
    _section(
        "rk.passed-card",
        ("A passed card is gone", "Weitergegebene Karten sind weg"),
        en=(
            "A card you pass now belongs to the player who got it. You cannot play it yourself.",
            "If the record shows you playing a card you passed, Kibitz flags it. With the double deck you may "
            "still play the other copy.",
        ),
        de=(
            "Eine abgegebene Karte gehört jetzt der Person, die sie bekommen hat. Du kannst sie nicht mehr spielen.",
            "Spielst du laut Aufzeichnung eine Karte, die du abgegeben hast, meldet Kibitz das. Beim Doppeldeck "
            "darfst du das zweite Exemplar trotzdem spielen.",
        ),
    ),
    _section(
        "play",
        ("Playing a trick", "Ein Stich"),
        en=(
            "The leader plays any allowed card face up. Its suit is the led suit.",
            "The others follow clockwise, one card each.",
            "Follow suit if you can. If you cannot, play any card.",
            "The highest card of the led suit takes the trick. Other suits never win it, not even the Q♠.",
            "The winner keeps the trick face down and leads the next one.",
            "The hand is over when every card has been played.",
        ),
        de=(
            "Wer ausspielt, legt eine erlaubte Karte offen hin. Ihre Farbe ist die ausgespielte Farbe.",
            "Danach legt im Uhrzeigersinn jede Person eine Karte dazu.",
            "Hast du die ausgespielte Farbe, musst du sie bedienen. Sonst legst du, was du willst.",
            "Die höchste Karte der ausgespielten Farbe bekommt den Stich. Fremde Farben gewinnen nie, auch die "
            "Pik-Dame nicht.",
            "Wer den Stich bekommt, legt ihn verdeckt vor sich ab und spielt den nächsten aus.",
            "Die Runde endet, wenn alle Karten gespielt sind.",
        ),
    ),
    _section(
        "rk.two-of-clubs",
        ("The 2♣ opens the hand", "Die Kreuz-Zwei eröffnet"),
        en=(
            "After passing, whoever holds the 2♣ leads it to the first trick.",
            "With 3 players the 2♣ stays in the deck, so it opens as usual.",
            "With 5 or 6 players the 2♣ is out. Who leads then is the next rule.",
            "With two decks either 2♣ may open.",
        ),
        de=(
            "Nach der Weitergabe spielt die Person mit der Kreuz-Zwei diese zum ersten Stich aus.",
            "Zu dritt bleibt die Kreuz-Zwei im Spiel und eröffnet wie gewohnt.",
            "Zu fünft oder zu sechst ist sie aussortiert. Wer dann beginnt, regelt der nächste Abschnitt.",
            "Beim Doppeldeck darf jede der beiden Kreuz-Zweien eröffnen.",
        ),
        reading=(
            "Foster's old rules let the player left of the dealer lead any card even with the 2♣ in play. "
            "Kibitz asks for the 2♣ whenever it is in the deck. No option changes this; Cards taken out "
            "decides whether the 2♣ is in play.",
            "Nach Fosters alten Regeln eröffnet links vom Geber immer eine beliebige Karte, auch wenn die "
            "Kreuz-Zwei mitspielt. Kibitz verlangt die Kreuz-Zwei, sobald sie im Blatt ist. Keine Option ändert "
            "das; ob sie mitspielt, bestimmt „Entfernte Karten“.",
        ),
    ),
    _section(
        "rk.first-lead",
        ("Without the 2♣, left of the dealer leads", "Ohne Kreuz-Zwei beginnt links vom Geber"),
        en=(
            "When the 2♣ is not in the deck, nobody can open with it. With the usual cards taken out that "
            "happens with 5 or 6 players, and whenever your table takes the 2♣ out itself.",
            "Then the first trick of every hand is led by the player on the dealer's left, the next seat clockwise.",
            "In a playoff hand only its players count: the first of them to the dealer's left leads.",
            "Kibitz flags a first trick led by anyone else. The entry screen names who should lead.",
        ),
        de=(
            "Ist die Kreuz-Zwei nicht im Blatt, kann niemand mit ihr eröffnen. Mit den üblichen aussortierten "
            "Karten ist das zu fünft und zu sechst so, und immer dann, wenn euer Tisch sie selbst herausnimmt.",
            "Dann eröffnet in jeder Runde die Person links vom Geber den ersten Stich, also der nächste Platz "
            "im Uhrzeigersinn.",
            "Im Stechen zählen nur die Beteiligten: wer von ihnen links vom Geber als Erstes kommt, beginnt.",
            "Eröffnet jemand anderes den ersten Stich, meldet Kibitz das. Die Eingabe zeigt an, wer dran ist.",
        ),
        reading=(
            "Sources differ when the 2♣ is out; some let the holder of the 3♣ lead. Kibitz follows the seed: "
            "the player left of the dealer leads any card, except a heart before hearts are broken or the lady "
            "while the first-trick rule holds. No option changes who leads; Cards taken out decides whether "
            "the 2♣ is in play.",
            "Ist die Kreuz-Zwei raus, gehen die Quellen auseinander; manche lassen die Kreuz-Drei eröffnen. "
            "Kibitz folgt der Vorlage: links vom Geber wird beliebig ausgespielt, nur kein Herz vor dem Brechen "
            "und keine Dame, solange die Erststich-Regel gilt. Keine Option ändert, wer beginnt; ob die "
            "Kreuz-Zwei mitspielt, bestimmt „Entfernte Karten“.",
        ),
    ),
    _section(
        "rk.follow-suit",
        ("Follow suit", "Farbe bedienen"),
        en=(
            "If you hold a card of the led suit, you must play one.",
            "Only when you have none may you play another suit.",
            "Kibitz flags an off-suit play when you play a card of the led suit later in the same hand: that "
            "proves you had it.",
        ),
        de=(
            "Hast du eine Karte der ausgespielten Farbe, musst du eine davon legen.",
            "Erst wenn dir die Farbe fehlt, darfst du eine andere spielen.",
            "Legst du später in derselben Runde doch noch eine Karte dieser Farbe, ist bewiesen, dass du sie "
            "hattest. Dann meldet Kibitz den Fehler.",
        ),
    ),
    _section(
        "rk.lead-order",
        ("The winner leads next", "Wer sticht, spielt aus"),
        en=(
            "Whoever takes a trick leads the next one.",
            "Double deck: when every card of the led suit is cancelled, nobody takes the trick yet, and its "
            "leader leads again.",
        ),
        de=(
            "Wer einen Stich bekommt, spielt zum nächsten aus.",
            "Doppeldeck: Heben sich alle Karten der ausgespielten Farbe auf, bekommt den Stich vorerst niemand, "
            "und wer ihn eröffnet hat, spielt erneut aus.",
        ),
    ),
    _section(
        "rk.hearts-broken",
        ("No heart leads before hearts are broken", "Herz erst ausspielen, wenn Herz gebrochen ist"),
        en=(
            "You may not lead a heart until hearts are broken.",
            "Hearts are broken once a heart has gone onto an earlier trick, usually thrown by someone who "
            "could not follow suit.",
            "If you hold nothing but hearts, you may lead one.",
        ),
        de=(
            "Herz darfst du erst ausspielen, wenn Herz gebrochen ist.",
            "Gebrochen ist Herz, sobald in einem früheren Stich ein Herz lag, meist abgeworfen von jemandem, "
            "der nicht bedienen konnte.",
            "Wer nur noch Herzen auf der Hand hat, darf eins ausspielen.",
        ),
        reading=(
            "Some tables say the lady breaks hearts as well. Kibitz does not, unless the option The lady "
            "breaks hearts is on. The option Hearts must be broken turns this rule off.",
            "Manche Runden lassen auch die Dame Herz brechen. Kibitz nicht, außer die Option „Die Dame bricht "
            "Herz“ ist an. Mit „Herz muss gebrochen sein“ schaltet ihr die Regel ganz ab.",
        ),
    ),
    _section(
        "rk.first-trick",
        ("No points on the first trick", "Keine Punkte im ersten Stich"),
        en=(
            "Nobody may play a heart or the lady to the first trick.",
            "If you cannot follow suit, throw a card worth no points.",
            "Only when you have no legal card without points may you play one that has them.",
        ),
        de=(
            "Im ersten Stich darf niemand ein Herz oder die Dame legen.",
            "Kannst du nicht bedienen, wirf eine Karte ohne Punkte ab.",
            "Nur wer keine erlaubte punktfreie Karte hat, darf eine mit Punkten legen.",
        ),
        reading=(
            "Foster's old rules had no such limit, and the seed lists dropping it as a rare variant. Kibitz "
            "applies it unless the option Points on the first trick is on.",
            "Bei Foster gab es diese Einschränkung nicht, und die Vorlage nennt ihren Wegfall als seltene "
            "Variante. Kibitz wendet sie an, solange „Punkte im ersten Stich“ aus ist.",
        ),
    ),
    _section(
        "rk.card-twice",
        ("Each card is played once", "Jede Karte nur einmal"),
        en=(
            "Each card is played once per hand. A card that shows up twice is a slip, at the table or in the record.",
            "With the double deck every card exists twice, so it may appear twice, never three times.",
            "Cards taken out of the deck cannot be played at all; Kibitz refuses them.",
        ),
        de=(
            "Jede Karte wird pro Runde einmal gespielt. Taucht eine zweimal auf, stimmt am Tisch oder in der "
            "Aufzeichnung etwas nicht.",
            "Beim Doppeldeck gibt es jede Karte zweimal. Sie darf also zweimal vorkommen, aber nie dreimal.",
            "Aussortierte Karten sind gar nicht im Spiel; Kibitz nimmt sie nicht an.",
        ),
    ),
    _section(
        "scoring",
        ("Scoring a hand", "Abrechnung einer Runde"),
        en=(
            "At the end of the hand, look through the tricks you took.",
            "Each heart: 1 point. The lady (Q♠): 13 points.",
            "A full deck holds 26 penalty points. With 6 players the 2♥ is out, so 25.",
            "Add each hand's points to your total. Points are bad: the lowest total wins.",
            "House rules can change the count: a J♦ or 10♦ bonus card is worth −10, the Black jack makes the "
            "J♠ the lady at 10, and with two decks every penalty card is there twice.",
            "Penalties the table records are added to the hand as well.",
        ),
        de=(
            "Nach der Runde zählt jede Person die Karten in ihren Stichen.",
            "Jedes Herz: 1 Punkt. Die Dame (Pik-Dame): 13 Punkte.",
            "Ein volles Blatt enthält 26 Strafpunkte. Zu sechst fehlt die Herz-Zwei, dann sind es 25.",
            "Die Punkte jeder Runde kommen auf deine Summe. Punkte sind schlecht: die niedrigste Summe gewinnt.",
            "Hausregeln ändern die Rechnung: Karo-Bube oder Karo-Zehn als Bonuskarte zählen −10, mit Black Jack "
            "ist der Pik-Bube die Dame und zählt 10, und mit zwei Blättern gibt es jede Strafkarte doppelt.",
            "Eingetragene Strafen kommen ebenfalls auf die Runde.",
        ),
        reading=(
            "Kibitz counts the hearts actually in play, never a fixed 26.",
            "Kibitz zählt die Herzen, die wirklich im Spiel sind, nie pauschal 26.",
        ),
    ),
    _section(
        "moon",
        ("Shooting the moon", "Mondschuss"),
        en=(
            "A player who takes every heart in play and the lady has shot the moon.",
            "By default (the old rule) the shooter scores 0 for the hand, and everyone else scores all the "
            "penalty points in play: 26 with a full deck, 25 with 6 players.",
            "Falling short by even one heart is no moon. The hand is scored as usual.",
            "Bonus cards score as usual, moon or not.",
        ),
        de=(
            "Wer alle Herzen im Spiel und dazu die Dame holt, hat den Mond geschossen.",
            "Normalerweise (alte Regel) bekommt der Schütze für die Runde 0, alle anderen bekommen sämtliche "
            "Strafpunkte im Spiel: 26 mit vollem Blatt, 25 zu sechst.",
            "Fehlt auch nur ein Herz, ist es kein Mondschuss, und die Runde wird normal abgerechnet.",
            "Bonuskarten zählen wie immer, mit oder ohne Mond.",
        ),
        reading=(
            "Sources vary: Foster had no moon at all, the new rule lets the shooter choose, some Australian "
            "tables charge the others more. Kibitz uses the old rule unless the option Shooting the moon says "
            "new or none. Bonus cards are never needed to shoot the moon.",
            "Die Quellen sind sich uneins: Foster kannte keinen Mondschuss, die neue Regel lässt den Schützen "
            "wählen, an manchen australischen Tischen zahlen die anderen mehr. Kibitz nimmt die alte Regel, "
            "außer die Option „Mondschuss“ steht auf „neu“ oder „keiner“. Bonuskarten braucht man für den "
            "Mondschuss nie.",
        ),
    ),
    _section(
        "end",
        ("End of the game", "Spielende"),
        en=(
            "The game ends after the hand in which any total reaches or passes the end score, 100 by default.",
            "The lowest total wins.",
            "Under the new moon rule a total can fall below zero. That only makes it better.",
        ),
        de=(
            "Das Spiel ist vorbei nach der Runde, in der eine Summe die Zielpunktzahl erreicht oder "
            "übersteigt, normalerweise 100.",
            "Die niedrigste Summe gewinnt.",
            "Mit der neuen Mondregel kann eine Summe unter null sinken. Umso besser für sie.",
        ),
    ),
    _section(
        "ties",
        ("Ties: the playoff", "Gleichstand: das Stechen"),
        en=(
            "If two or more players share the lowest total at the end, only they play one more hand. The "
            "others sit out and keep their totals.",
            "That hand uses the deck for that many players; two players use all 52 cards.",
            "Its points go onto the totals, but the winner is whoever took the fewest points in that hand.",
            "Still tied? Play another one.",
        ),
        de=(
            "Teilen sich am Ende mehrere Personen die niedrigste Summe, spielen nur sie noch eine Runde. Die "
            "übrigen schauen zu; an ihren Summen ändert sich nichts.",
            "Dafür wird das Blatt für so viele Personen genommen; zu zweit sind es alle 52 Karten.",
            "Die Punkte kommen auf die Summen, gewonnen hat aber, wer in dieser Runde am wenigsten holt.",
            "Wieder gleich? Dann noch eine Runde.",
        ),
        reading=(
            "Only the seed describes this playoff. Kibitz plays it by default; with the option Tie for the "
            "lowest score set to shared, the tied players win together.",
            "Dieses Stechen kennt nur die Vorlage. Kibitz spielt es standardmäßig; steht „Gleichstand am Ende“ "
            "auf „geteilt“, gewinnen alle Punktgleichen gemeinsam.",
        ),
    ),
    _section(
        "misdeal",
        ("Misdeal", "Vergeben"),
        en=(
            "It is a misdeal if someone gets the wrong number of cards, or a card is turned face up while dealing.",
            "The same dealer shuffles and deals again.",
            "In Kibitz, record the deal again before any trick, then the passes again. The hand keeps its "
            "number and passing direction, and penalties already recorded stay.",
        ),
        de=(
            "Vergeben ist, wenn jemand zu viele oder zu wenige Karten hat oder beim Austeilen eine Karte offen liegt.",
            "Dann mischt derselbe Geber neu und teilt noch einmal aus.",
            "In Kibitz tragt ihr das Geben vor dem ersten Stich einfach erneut ein, danach auch die "
            "Weitergabe. Die Runde behält ihre Nummer und Richtung, schon eingetragene Strafen bleiben.",
        ),
    ),
    _section(
        "penalties",
        ("Penalties and revokes", "Strafen und Verleugnen"),
        en=(
            "A revoke is failing to follow suit when you could have.",
            "Caught before the next trick is led: take the card back and play a legal one. The penalty still applies.",
            "Caught later: the same penalty. The table may also decide to play the hand again.",
            "The penalty is 13 points, added to the hand being played. Recorded between hands, it goes to the "
            "hand just finished.",
            "Kibitz never adds a penalty by itself. The referee flags the play; the table decides and records "
            "the penalty.",
            "Once the game is over, no more penalties. During a playoff only the players in it can get one.",
        ),
        de=(
            "Farbe verleugnen heißt: nicht bedienen, obwohl man gekonnt hätte.",
            "Fällt es auf, bevor der nächste Stich beginnt, nimmt die Person die Karte zurück und legt eine "
            "erlaubte. Die Strafe gilt trotzdem.",
            "Fällt es später auf, gilt dieselbe Strafe. Der Tisch kann außerdem beschließen, die Runde neu zu spielen.",
            "Die Strafe beträgt 13 Punkte und zählt zur laufenden Runde. Wird sie zwischen zwei Runden "
            "eingetragen, zählt sie zur gerade beendeten.",
            "Kibitz verhängt nie selbst eine Strafe. Der Schiedsrichter meldet den Zug; der Tisch entscheidet "
            "und trägt die Strafe ein.",
            "Ist das Spiel vorbei, gibt es keine Strafen mehr. Im Stechen trifft eine Strafe nur, wer mitspielt.",
        ),
        reading=(
            "Only the seed gives 13 points. Old laws make the revoker pay the whole hand's points, and many "
            "tables charge 26. Kibitz uses 13; the option Revoke penalty sets another number.",
            "Die 13 Punkte stehen nur in der Vorlage. Nach alten Regeln zahlt der Schuldige die Punkte der "
            "ganzen Runde, und viele Tische verlangen 26. Kibitz nimmt 13; die Option „Strafe fürs "
            "Verleugnen“ legt eine andere Zahl fest.",
        ),
    ),
)

# -- the options, in OPTION_INFO order -------------------------------------------------------------------

_OPTIONS = (
    _section(
        "opt-end-score",
        ("Option: end score", "Option: Zielpunktzahl"),
        en=(
            "The game ends after the hand in which any total reaches or passes this number. Default 100.",
            "50 makes a short game; some tables play to 101.",
            "Kibitz takes any whole number from 1 to 10,000.",
        ),
        de=(
            "Schluss ist nach der Runde, in der eine Summe diese Zahl erreicht oder überschreitet. Standard ist 100.",
            "Mit 50 wird es ein kurzes Spiel; manche spielen bis 101.",
            "Kibitz nimmt jede ganze Zahl von 1 bis 10.000.",
        ),
    ),
    _section(
        "opt-moon",
        ("Option: shooting the moon", "Option: Mondschuss"),
        en=(
            "Old (default): the shooter scores 0, every other player all the penalty points in play.",
            "New: the shooter chooses. Either the old way, or all the penalty points come off the shooter's own "
            "total. Kibitz asks for the choice before it scores the hand.",
            "None: a moon is scored like any other hand.",
        ),
        de=(
            "Alt (Standard): der Schütze bekommt 0, alle anderen sämtliche Strafpunkte im Spiel.",
            "Neu: der Schütze wählt. Entweder wie bei der alten Regel, oder alle Strafpunkte werden von seiner "
            "eigenen Summe abgezogen. Kibitz fragt nach der Wahl, bevor es die Runde abrechnet.",
            "Keiner: ein Mondschuss zählt wie jede andere Runde.",
        ),
        reading=(
            "Other house versions exist, such as a higher charge to the others or wiping the shooter's total. "
            "Kibitz offers only these three.",
            "Es gibt weitere Hausregeln, etwa höhere Punkte für die anderen oder das Löschen der eigenen Summe. "
            "Kibitz bietet nur diese drei an.",
        ),
    ),
    _section(
        "opt-passing",
        ("Option: passing", "Option: Weitergeben"),
        en=(
            "Rotate (default): the direction follows the hand number, as described under Passing cards.",
            "Always left, or always right: the same way every hand.",
            "No passing: every hand is a hold hand.",
        ),
        de=(
            "Wechselnd (Standard): die Richtung hängt von der Rundennummer ab, wie unter „Karten weitergeben“.",
            "Immer links oder immer rechts: jede Runde in dieselbe Richtung.",
            "Keine: jede Runde ist eine Haltehand.",
        ),
    ),
    _section(
        "opt-first-trick-points",
        ("Option: points on the first trick", "Option: Punkte im ersten Stich"),
        en=(
            "Off (default): no heart and no lady on the first trick, unless you have nothing else.",
            "On: a player who cannot follow suit may throw points on the first trick, as in the old rules.",
        ),
        de=(
            "Aus (Standard): im ersten Stich weder Herz noch Dame, außer man hat nichts anderes.",
            "An: wer nicht bedienen kann, darf schon im ersten Stich Punkte abwerfen, wie in den alten Regeln.",
        ),
    ),
    _section(
        "opt-hearts-must-be-broken",
        ("Option: hearts must be broken", "Option: Herz muss gebrochen sein"),
        en=(
            "On (default): no heart may be led until hearts are broken.",
            "Off: hearts may be led whenever you like, apart from the first-trick rule.",
        ),
        de=(
            "An (Standard): Herz wird erst ausgespielt, wenn Herz gebrochen ist.",
            "Aus: Herz darf jederzeit ausgespielt werden; nur die Regel für den ersten Stich gilt weiter.",
        ),
    ),
    _section(
        "opt-queen-breaks-hearts",
        ("Option: the lady breaks hearts", "Option: Die Dame bricht Herz"),
        en=(
            "Off (default): only a heart breaks hearts.",
            "On: once the lady has been played to a trick, hearts may be led too.",
            "The lady herself may be led at any time after the first trick.",
        ),
        de=(
            "Aus (Standard): nur ein Herz bricht Herz.",
            "An: sobald die Dame in einem Stich lag, darf auch Herz ausgespielt werden.",
            "Die Dame selbst darf nach dem ersten Stich jederzeit ausgespielt werden.",
        ),
    ),
    _section(
        "opt-jack-of-diamonds",
        ("Option: jack of diamonds bonus", "Option: Karo-Bube-Bonus"),
        en=(
            "The J♦ is worth −10 to whoever takes it.",
            "It counts in every hand, moon or not. While this is on, the J♦ cannot be taken out of the deck.",
            "It can be combined with the 10♦ bonus.",
        ),
        de=(
            "Der Karo-Bube zählt −10 für die Person, die ihn holt.",
            "Er zählt in jeder Runde, ob mit Mondschuss oder ohne. Solange die Option an ist, darf er nicht "
            "aussortiert werden.",
            "Er lässt sich mit dem Karo-Zehn-Bonus kombinieren.",
        ),
        reading=(
            "The German seed names this the jack of clubs (Kreuz-Bube) bonus, while its own symbol and every "
            "other source say J♦. Kibitz uses the J♦. Sources differ on whether a moon needs it; Kibitz does "
            "not require it.",
            "Die deutsche Vorlage spricht von einem „Kreuz-Bube-Bonus“, ihr eigenes Symbol und alle anderen "
            "Quellen zeigen aber den Karo-Buben. Kibitz nimmt den Karo-Buben. Ob er für einen Mondschuss "
            "nötig ist, sehen die Quellen verschieden; Kibitz verlangt ihn nicht.",
        ),
    ),
    _section(
        "opt-ten-of-diamonds",
        ("Option: ten of diamonds bonus", "Option: Karo-Zehn-Bonus"),
        en=(
            "The 10♦ is worth −10 to whoever takes it, as in Omnibus Hearts.",
            "It counts in every hand, moon or not, and cannot be taken out of the deck while this is on.",
        ),
        de=(
            "Die Karo-Zehn zählt −10 für die Person, die sie holt, wie bei Omnibus Hearts.",
            "Sie zählt in jeder Runde, mit oder ohne Mondschuss, und darf dann nicht aussortiert werden.",
        ),
        reading=(
            "Older Omnibus rules need the 10♦ too for a moon shot. Kibitz does not.",
            "Ältere Omnibus-Regeln verlangen für den Mondschuss auch die Karo-Zehn. Kibitz nicht.",
        ),
    ),
    _section(
        "opt-black-jack",
        ("Option: black jack", "Option: Black Jack"),
        en=(
            "The J♠ replaces the Q♠ as the lady and is worth 10. The Q♠ is an ordinary spade.",
            "Penalty points in play drop to 23, or 22 without the 2♥.",
            "Everything said about the lady now applies to the J♠: the first trick, the moon, and breaking "
            "hearts when that option is on.",
        ),
        de=(
            "Der Pik-Bube wird statt der Pik-Dame zur Dame und zählt 10. Die Pik-Dame ist ein gewöhnliches Pik.",
            "Im Spiel sind dann 23 Strafpunkte, ohne Herz-Zwei 22.",
            "Alles, was für die Dame gilt, gilt jetzt für den Pik-Buben: erster Stich, Mondschuss und, wenn "
            "die Option an ist, das Brechen von Herz.",
        ),
    ),
    _section(
        "opt-revoke-points",
        ("Option: revoke penalty", "Option: Strafe fürs Verleugnen"),
        en=(
            "How many points a recorded revoke penalty adds. Default 13.",
            "Set 26 to charge all the points of a full deck.",
            "A penalty entered with its own number of points keeps that number.",
            "Both are whole numbers from 1 to 1,000: a penalty of zero or less is no penalty.",
        ),
        de=(
            "Wie viele Punkte eine eingetragene Strafe fürs Verleugnen bringt. Standard ist 13.",
            "Mit 26 kostet es alle Punkte eines vollen Blatts.",
            "Wird bei einer Strafe eine eigene Punktzahl eingetragen, gilt diese.",
            "Beides sind ganze Zahlen von 1 bis 1.000: null oder weniger Punkte wären keine Strafe.",
        ),
    ),
    _section(
        "opt-tie",
        ("Option: tie for the lowest score", "Option: Gleichstand am Ende"),
        en=(
            "Playoff (default): the tied players play one more hand, as described under Ties.",
            "Shared: everyone tied for the lowest total wins together.",
        ),
        de=(
            "Stechen (Standard): die Punktgleichen spielen noch eine Runde, siehe „Gleichstand“.",
            "Geteilt: alle mit der niedrigsten Summe gewinnen gemeinsam.",
        ),
    ),
    _section(
        "opt-double-deck",
        ("Option: double deck (cancellation)", "Option: Doppeldeck (Aufheben)"),
        en=(
            "Meant for 6 or more players: shuffle two 52-card decks together. With 7 or 8 players it is the only "
            "way to play.",
            "When two identical cards land in the same trick, they cancel each other: neither can win it.",
            "The highest card of the led suit that is not cancelled takes the trick.",
            "There are two ladies, 13 points each. A moon shot needs both and every heart.",
        ),
        de=(
            "Gedacht für 6 oder mehr Personen: zwei Blätter mit je 52 Karten werden zusammengemischt. Zu siebt "
            "oder zu acht geht es nur so.",
            "Fallen zwei gleiche Karten in denselben Stich, heben sie sich auf: keine von beiden kann ihn gewinnen.",
            "Den Stich bekommt die höchste nicht aufgehobene Karte der ausgespielten Farbe.",
            "Es gibt zwei Damen zu je 13 Punkten. Für den Mondschuss braucht man beide und alle Herzen.",
        ),
        reading=(
            "The sources do not say what happens when every card of the led suit cancels. Kibitz: nobody "
            "takes that trick yet, its leader leads again, and its cards go to whoever wins the next trick. "
            "On the last trick of the hand they go to its leader. No option changes this.",
            "Was passiert, wenn sich alle Karten der ausgespielten Farbe aufheben, sagen die Quellen nicht. "
            "Kibitz: den Stich bekommt vorerst niemand, wer ihn eröffnet hat, spielt wieder aus, und die "
            "Karten gehen an den Gewinner des nächsten Stichs. Im letzten Stich der Runde bekommt sie, wer "
            "ausgespielt hat. Keine Option ändert das.",
        ),
    ),
    _section(
        "opt-removed",
        ("Option: cards taken out", "Option: Entfernte Karten"),
        en=(
            "Which cards leave the deck. By default this follows the player count, as under The deck.",
            "What is left must deal out evenly. The lady and any bonus card cannot be removed.",
            "The list applies to hands with the whole table. A playoff hand uses the default for its player count.",
        ),
        de=(
            "Welche Karten aus dem Spiel gehen. Ohne Angabe richtet sich das nach der Personenzahl, wie unter "
            "„Die Karten“.",
            "Der Rest muss sich gleichmäßig verteilen lassen. Die Dame und Bonuskarten dürfen nicht raus.",
            "Die Liste gilt für Runden mit dem ganzen Tisch. Im Stechen gilt die übliche Auswahl für die "
            "Zahl der Beteiligten.",
        ),
        reading=(
            "Other books take out the 2♣ or the 2♦ for 3 players and the 2♣ and 2♦ for 5. Enter that list "
            "here if your table plays that way.",
            "Andere Bücher nehmen zu dritt die Kreuz- oder die Karo-Zwei heraus und zu fünft Kreuz- und "
            "Karo-Zwei. Spielt ihr so, tragt diese Liste hier ein.",
        ),
    ),
)

SECTIONS: tuple[RuleSection, ...] = _GAME + _OPTIONS


def sections(lang: str) -> list[dict[str, Any]]:
    """The page in one language (English where a translation is missing): anchor, title, paragraphs, reading."""
    return resolve(SECTIONS, lang)
