"""Words of Russian news that type and delimit the arguments of schema relations."""

from __future__ import annotations

from ...common.abbreviations import LEGAL_FORMS
from .relations import EVENT, FACILITY, ORGANIZATION, PLACE, WORK

# A class noun standing in apposition to a name says what the name is: «судоверфь «Х»» is an
# organization, «теплоход «Х»» a facility (a vessel is never a person, whatever NER says).
CLASS_NOUNS: dict[str, str] = {
    **dict.fromkeys(
        "компания авиакомпания агрохолдинг холдинг концерн корпорация группа предприятие завод хлебозавод "
        "комбинат фабрика стартап банк фонд университет институт академия колледж школа лицей клуб команда "
        "театр больница поликлиника госпиталь министерство ведомство администрация правительство суд "
        "союз ассоциация партия агентство издательство музей библиотека оператор перевозчик судоверфь "
        "верфь застройщик производитель ритейлер сеть лаборатория инспекция служба управление департамент "
        "ооо ао пао оао зао ип фирма дума собрание совет "
        "оркестр хор ансамбль филармония консерватория галерея студия коллектив труппа".split(),
        ORGANIZATION,
    ),
    **dict.fromkeys(
        "теплоход судно ледокол танкер паром сухогруз самолёт самолет вертолёт вертолет ветропарк "
        "электростанция тэц гэс аэс мост тоннель дорога трасса терминал аэропорт порт вокзал элеватор "
        "цех линия стадион арена станция центр хаб склад кафедра корпус общежитие парк "
        "маршрут рейс площадка месторождение шахта пекарня магазин гостиница отель кинотеатр бассейн "
        "каток причал пирс".split(),
        FACILITY,
    ),
    **dict.fromkeys(
        "форум фестиваль конкурс выставка турнир чемпионат кубок матч конференция премия олимпиада "
        "биеннале ярмарка съезд саммит марафон".split(),
        EVENT,
    ),
    **dict.fromkeys("спектакль фильм книга роман постановка альбом сериал опера балет мюзикл".split(), WORK),
    **dict.fromkeys("город село посёлок поселок область край район республика регион".split(), PLACE),
    **dict.fromkeys(LEGAL_FORMS, ORGANIZATION),  # «МУП «Горводоканал»», «ГБУЗ «Областная больница»»
}

# Organizations that are also buildings one opens or builds: «открыла завод в Твери». Named by the
# common noun alone they are anaphoric, so they are arguments only with a named place or a proper
# adjective (arguments._specific).
ESTABLISHMENT_NOUNS = frozenset(
    "завод хлебозавод комбинат фабрика школа лицей колледж больница поликлиника госпиталь музей театр "
    "библиотека лаборатория офис филиал представительство".split()
)

# Institutions named by their function and jurisdiction: «правительство области», «министерство
# промышленности», «Арбитражный суд Москвы».
INSTITUTION_NOUNS = frozenset(
    "правительство администрация министерство мэрия дума суд прокуратура собрание совет управление "
    "департамент комитет инспекция служба агентство фонд".split()
)

# Roles whose holder leads the organization (or governs the place) named in the genitive.
HEAD_ROLES = frozenset(
    "директор гендиректор глава председатель руководитель ректор президент губернатор мэр "
    "главврач начальник управляющий".split()
)
FOUNDER_ROLES = frozenset({"основатель", "сооснователь", "учредитель"})
# Roles that lead the organization only as «главный ...»: «главный врач больницы», «главный редактор».
CHIEF_ROLES = frozenset({"врач", "редактор"})
# Collective bodies between a chair and the organization: «председатель правления банка «Х»» leads the bank.
BOARD_NOUNS = frozenset({"правление"})
# Words that say a list names only some of its members («в частности», «и другие», «в том числе»,
# «среди них»): such a list gives no set.
PARTIAL_LIST_WORDS = frozenset("частность другой прочий др среди".split())
# Who trains a team: «главный тренер клуба «Сокол» Елена Васнецова» -> coaches.
COACH_ROLES = frozenset({"тренер", "наставник"})
COACH_QUALIFIERS = frozenset({"главный", "старший"})
# Nouns naming a post («на должность министра»): the post is the role noun with its genitive tail.
POSITION_NOUNS = HEAD_ROLES | frozenset(
    "министр замминистра заместитель вице-губернатор советник судья прокурор посол тренер "
    "капитан вице-президент вице-премьер премьер-министр заммэра замглавы замгубернатора вице-мэр".split()
)
FORMER_MARKERS = frozenset({"бывший", "экс", "прежний"})
# Adjectives that keep a head role the head («генеральный директор»); any other («спортивный
# директор», «художественный руководитель») names one function under the head.
HEAD_ROLE_QUALIFIERS = FORMER_MARKERS | frozenset({"генеральный", "нынешний", "новый", "действующий"})
# A harvest is weighed: «собрали 640 тысяч тонн зерна», never «собрали полный зал».
WEIGHT_UNITS = frozenset({"тонна", "центнер", "килограмм", "кг", "т", "пуд"})

# Words that make a reported action a plan: «подписание соглашения запланировано на ноябрь».
PLAN_WORDS = frozenset("планировать запланировать намечать наметить предстоять ожидаться планироваться план".split())

# Who reports a fact is not its actor: «сообщила пресс-служба», «по данным источника».
REPORTING_HEADS = frozenset(
    "пресс-служба пресс-секретарь пресс-центр источник издание газета телеканал журналист "
    "корреспондент редакция".split()
)

# Adjectives that do not identify a thing: «новый завод» is no name.
NON_IDENTIFYING = frozenset(
    "новый собственный первый второй современный крупный большой свой этот такой весь один "
    "нынешний единственный прежний".split()
)
# Words that make a phrase relative to the article's date: «следующий матч», «прошлый сезон».
RELATIVE_TIME = frozenset(
    "следующий прошлый прошедший предыдущий будущий текущий нынешний очередной минувший "
    "ближайший последний вчерашний сегодняшний завтрашний".split()
)

# Standard short names of Russian ministries: «Минздрав» is «Министерство здравоохранения».
MINISTRY_SHORT_NAMES = {
    "минздрав": "Министерство здравоохранения",
    "минфин": "Министерство финансов",
    "минтранс": "Министерство транспорта",
    "минэнерго": "Министерство энергетики",
    "минкультуры": "Министерство культуры",
    "минстрой": "Министерство строительства",
    "минсельхоз": "Министерство сельского хозяйства",
    "минпромторг": "Министерство промышленности и торговли",
    "минобрнауки": "Министерство науки и высшего образования",
    "минпросвещения": "Министерство просвещения",
    "минобразования": "Министерство образования",
    "минэкономразвития": "Министерство экономического развития",
    "минтруд": "Министерство труда и социальной защиты",
    "минюст": "Министерство юстиции",
    "минспорт": "Министерство спорта",
    "минприроды": "Министерство природных ресурсов и экологии",
    "минцифры": "Министерство цифрового развития, связи и массовых коммуникаций",
    "минобороны": "Министерство обороны",
    "мид": "Министерство иностранных дел",
    "мвд": "Министерство внутренних дел",
}

MONTHS_GENITIVE = "января февраля марта апреля мая июня июля августа сентября октября ноября декабря".split()
MONTH_LEMMAS = "январь февраль март апрель май июнь июль август сентябрь октябрь ноябрь декабрь".split()
WEEKDAY_LEMMAS = ("понедельник", "вторник", "среда", "четверг", "пятница", "суббота", "воскресенье")

# A sum of money is counted in a currency: «12 млн рублей».
MONEY_UNITS = frozenset({"рубль", "руб", "доллар", "евро", "юань"})
# Who is counted when news says how many work somewhere: «работают 450 человек».
STAFF_NOUNS = frozenset("человек сотрудник работник специалист инженер врач рабочий".split())
# A measure said of a named thing: «мощностью 90 мегаватт», «стоимостью 3,2 млрд рублей».
MEASURE_RELATIONS = {"мощность": "capacity", "стоимость": "cost"}
# Nouns that state a property in the instrumental: «завод мощностью 300 тонн», «участок площадью
# 2 га». Such a phrase describes the thing and is no part of its name.
PROPERTY_NOUNS = frozenset(MEASURE_RELATIONS) | frozenset(
    "площадь протяжённость протяженность длина ширина высота глубина объём объем вес масса "
    "ёмкость емкость вместимость водоизмещение грузоподъёмность грузоподъемность численность".split()
)
# Time units of a rate: «300 тонн в сутки», «2 млн пассажиров в год».
RATE_UNITS = frozenset("сутки день час год месяц неделя смена минута секунда".split())
# Court decisions: «взыскал с X в пользу Y», «обязал X выплатить».
RULING_VERBS = frozenset({"взыскать", "обязать"})
# Handing a prize to its laureate: «присудили премию «Х» театру», «вручил премию «Х» Анне Соколовой».
AWARD_VERBS = frozenset({"присудить", "вручить", "присвоить"})
# Organizations one works «на» rather than «в»: «на заводе», «на комбинате».
ON_NOUNS = frozenset(
    "завод хлебозавод комбинат предприятие фабрика верфь судоверфь шахта станция электростанция "
    "месторождение производство элеватор кафедра факультет почта телевидение радио вокзал стадион "
    "рынок биржа ферма птицефабрика склад причал рудник космодром аэродром полигон".split()
)
# Events one wins by taking part: «победил в конкурсе», «выиграл в олимпиаде».
CONTEST_NOUNS = frozenset("конкурс турнир чемпионат олимпиада первенство кубок премия грант отбор".split())
# What a laureate receives: «получил премию «Х»» is a win, «получил приглашение» is not.
PRIZE_NOUNS = frozenset("премия награда приз кубок".split())
# Staff of an organization named in apposition to a person: «научный сотрудник института X Анна
# Петрова», «профессор университета X», «врач-кардиолог больницы X» -> works_at. Sports roles
# («нападающий клуба») and posts of state («министр») say something else.
STAFF_ROLES = frozenset(
    "сотрудник работник профессор доцент преподаватель исследователь учёный ученый инженер врач хирург "
    "кардиолог педиатр терапевт невролог онколог медсестра фельдшер заведовать завлаб декан проректор "
    "научсотрудник аналитик экономист юрист технолог конструктор программист архитектор методист "
    "лаборант ассистент солист актёр актер актриса артист дирижёр дирижер "
    "хореограф режиссёр режиссер хормейстер концертмейстер балетмейстер куратор хранитель "
    "реставратор библиотекарь педагог учитель воспитатель тренер-преподаватель заместитель замдиректора "
    "вице-президент".split()
)
# Units inside an organization: the head of one («руководитель лаборатории ... университета X»)
# works at the organization, but does not lead it.
SUBUNIT_NOUNS = frozenset("лаборатория кафедра отдел отделение факультет сектор служба управление".split())
# Things that move stand in no place: «теплоход «Х» в Казани» is where it called, not where it is.
VEHICLE_NOUNS = frozenset(
    "теплоход судно ледокол танкер паром сухогруз самолёт самолет вертолёт вертолет маршрут рейс".split()
)
# Verbs whose place is where the facility they act on stands: «открыла центр «Х» в Казани».
BUILD_VERBS = frozenset("открыть построить запустить ввести возвести строить открываться открыться".split())
# Where an organization sits: «штаб-квартира компании «Х» находится в Казани».
HEADQUARTERS_NOUNS = frozenset({"штаб-квартира"})
# Adjectives that make a facility noun a sum of money: «кредитная линия» is a loan, no line one opens.
FINANCIAL_QUALIFIERS = frozenset({"кредитный", "заёмный", "заемный"})
# Players of a sports club: «нападающий «Сокола» Илья Фомин», «вратарь команды «Кедр» Пётр Сизов»,
# «новичок клуба Пётр Сизов» (a newcomer of a club is its new player).
# A professional player is on the club's payroll under a contract, as its coach is: works_at, not
# member_of. A roster is never listed in full, and works_at is the relation whose subject sets are
# never asked (OPEN_SUBJECT_SETS), while «входит в состав» would ask for the whole roster.
PLAYER_ROLES = frozenset(
    "нападающий форвард защитник вратарь голкипер полузащитник хавбек игрок хоккеист футболист "
    "баскетболист волейболист гандболист вингер центрфорвард новичок капитан".split()
)
# Who plays for a club is named with it: «защитник «Сокола»», «нападающий клуба «Кедр»»; a «защитник»
# of a company or an «игрок рынка» is no player.
CLUB_NOUNS = frozenset({"клуб", "команда", "хк", "фк", "пфк"})
# Staff whose title says they teach, at an organization that teaches: «доцент кафедры ...
# университета «Х»», «учитель школы № 5». A research institute or an academy of sciences employs
# professors who need not teach, so those stay works_at.
TEACHING_ROLES = frozenset("преподаватель доцент профессор учитель педагог".split())
TEACHING_ORGANIZATIONS = frozenset(
    "университет колледж школа лицей гимназия техникум училище консерватория вуз".split()
)
# Staff titled «главный ...» who lead no organization: «главный инженер завода», «главный бухгалтер».
CHIEF_STAFF_ROLES = frozenset(
    "инженер бухгалтер конструктор технолог экономист специалист механик энергетик агроном зоотехник "
    "сотрудник режиссёр режиссер дирижёр дирижер художник хормейстер балетмейстер хореограф архитектор "
    "металлург геолог маркшейдер диспетчер".split()
)
# Parts of an organization whose head is on its staff but does not lead it: «начальник прокатного цеха
# комбината», «директор филиала банка «Х»», «мастер участка завода».
STAFF_UNIT_NOUNS = frozenset("цех участок филиал бригада подразделение представительство".split())
# Women's forms of staff roles the lemmatizer keeps apart: «солистка театра», «сотрудница института».
FEMININE_STAFF_ROLES = frozenset(
    "солистка сотрудница преподавательница учительница артистка исследовательница лаборантка "
    "воспитательница библиотекарша программистка".split()
)
# Trades and professions news names staff by: «сварщик комбината», «анестезиолог краевой больницы»,
# «океанолог института», «пресс-секретарь компании». Each needs the organization in its genitive.
MORE_STAFF_ROLES = frozenset(
    "анестезиолог реаниматолог рентгенолог травматолог офтальмолог стоматолог эндокринолог гинеколог "
    "акушер психиатр нарколог уролог инфекционист фтизиатр санитар провизор фармацевт "
    "океанолог биолог геолог химик физик ихтиолог гидролог эколог археолог историк гидробиолог "
    "сварщик монтажник слесарь токарь мастер бригадир механизатор комбайнёр комбайнер водитель "
    "машинист пилот бортпроводник штурман матрос моряк докер крановщик горняк шахтёр шахтер металлург "
    "агроном зоотехник ветеринар бухгалтер механик энергетик диспетчер маркшейдер "
    "пресс-секретарь пресс-атташе представитель менеджер администратор завуч экскурсовод музыкант "
    "художник".split()
)
# Collective bodies every region or town has one of: «Законодательное собрание», «городская дума»
# name no member_of object until the name says whose.
COLLECTIVE_BODY_NOUNS = frozenset("собрание дума парламент совет палата хурал курултай рада жюри комиссия".split())
# What a court orders a party to pay: «обязал X выплатить / компенсировать / вернуть N рублей».
PAYMENT_VERBS = frozenset(
    "выплатить возместить компенсировать вернуть возвратить уплатить заплатить перечислить".split()
)
# Class nouns news uses for an organization it named with a narrower one before: «генеральный
# директор перевозчика» after «авиакомпания «Х»», «директор предприятия» after «Каменногорский
# металлургический комбинат», «ректор вуза» after «Бережанский государственный университет».
# Resolved only when the article named exactly one organization of these kinds (anaphora.py).
ANAPHORIC_CLASS_SYNONYMS: dict[str, frozenset[str]] = {
    "перевозчик": frozenset({"авиакомпания"}),
    "ведомство": frozenset(
        {"министерство", "департамент", "служба", "агентство", "управление", "комитет", "инспекция"}
    ),
    "предприятие": frozenset({"завод", "хлебозавод", "фабрика", "комбинат", "верфь", "судоверфь", "птицефабрика"}),
    "вуз": frozenset({"университет", "институт", "академия", "консерватория"}),
    "клиника": frozenset({"больница", "госпиталь", "поликлиника"}),
    "компания": frozenset(
        {"авиакомпания", "агрохолдинг", "холдинг", "концерн", "корпорация", "стартап", "застройщик", "ритейлер"}
    ),
    "команда": frozenset({"клуб"}),  # a match report names two clubs, so there it resolves nothing
}
# Titles that stand for a body the article need not name: after «министр строительства» the later
# «ведомство» is his ministry, so an organization named otherwise is no sure referent.
TITLES_IMPLYING_A_BODY: dict[str, frozenset[str]] = {
    "ведомство": frozenset({"министр", "замминистра", "вице-министр"}),
}
# The same for places, where a title's owner is a bare class noun: «министр здравоохранения области»,
# «глава региона» after «Северореченская область» (matchers_posts.py).
ANAPHORIC_PLACE_SYNONYMS: dict[str, frozenset[str]] = {
    "область": frozenset({"область"}),
    "край": frozenset({"край"}),
    "республика": frozenset({"республика"}),
    "район": frozenset({"район"}),
    "округ": frozenset({"округ"}),
    "регион": frozenset({"область", "край", "республика"}),
}

# Bodies that are always some territory's: «мэрия» and «администрация» (a city's one body) and
# «правительство». «Департамент здравоохранения мэрии» says not which city's; and a «по ...» after
# one belongs to a post in it («заместитель главы администрации X по ЖКХ»), not to its name.
TERRITORIAL_BODIES: dict[str, str] = {
    "мэрия": "администрация",
    "администрация": "администрация",
    "правительство": "правительство",
}
