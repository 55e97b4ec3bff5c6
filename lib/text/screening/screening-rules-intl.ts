// Prompt injection and requests for secrets in other languages than English and Chinese (those are
// in screening-rules.ts): Spanish, French, German, Portuguese, Italian, Dutch, Russian, Japanese,
// Korean. The same shapes as the English rules: an order to ignore previous instructions, a new
// identity ("from now on you are"), "do not tell the user", a request to reveal the system prompt
// or send secrets somewhere. Patterns run on the normal view (lower case, accents kept); word edges
// are letter edges, since \b knows only ASCII.
import { g, src } from "./screening-blocks";
import type { ScreeningRule } from "./screening-types";

const B = src`(?<![\p{L}\p{N}])`;
const E = src`(?![\p{L}\p{N}])`;

/**
 * An order to ignore instructions: a verb, then the object with a qualifier before it ("todas las
 * instrucciones") or after it ("les instructions précédentes"), with filler words between. The
 * languages' word lists are merged into one pattern (one pass over the text): a verb of one language
 * with an object of another never occurs in real text, so merging loses nothing.
 */
type IgnoreWords = { verbs: string; fillers: string; qualifiers: string; objects: string };

function ignoreOrder(languages: IgnoreWords[]): string {
  const V = `(?:${languages.map((l) => l.verbs).join("|")})`;
  const F = `(?:${languages.map((l) => l.fillers).join("|")})`;
  const Q = `(?:${languages.map((l) => l.qualifiers).join("|")})`;
  const O = `(?:${languages.map((l) => l.objects).join("|")})`;
  return `${B}${V}(?:(?: (?:${F}|${Q})){0,4}? ${Q}(?: (?:${F}|${Q})){0,3}? ${O}|(?: ${F}){0,3} ${O}(?: ${F}){0,3} ${Q})${E}`;
}

const IGNORE_ES: IgnoreWords = {
  verbs: src`ignora|ignore|ignoren|ignorad|ignorar|olvida|olvide|olviden|olvidad|olvidar|descarta|descarte|omite|omita|desobedece|desatiende|haz caso omiso (?:a|de)|hagan caso omiso (?:a|de)|no (?:sigas|siga|sigan|obedezcas|obedezca|hagas caso a|tengas en cuenta|tomes en cuenta)|pasa por alto|deja de (?:seguir|obedecer)`,
  fillers: src`las|los|la|el|de|del|a|al|que|te|se|han|ha|sido|dado|dadas|dieron|recibido|recibiste|y|o|estas|esas|lo|sobre|mis`,
  qualifiers: src`todas|todos|toda|todo|cualquier|tus|sus|anteriores|previas|previos|precedentes|de arriba|arriba|anterior|previa|del sistema|de sistema|originales|iniciales|ocultas|del desarrollador|de seguridad`,
  objects: src`instrucciones|instrucción|instruccion|indicaciones|órdenes|ordenes|reglas|directrices|directivas|normas|restricciones|consignas|prompt|mensajes|pautas|políticas|politicas`,
};
const IGNORE_FR: IgnoreWords = {
  verbs: src`ignore|ignorez|ignorer|oublie|oubliez|oublier|ne (?:tiens|tenez|tiens plus|tenez plus) (?:pas )?compte|fais abstraction|faites abstraction|ne (?:suis|suivez) (?:pas|plus)|laisse tomber|laissez tomber|désobéis|désobéissez|passe outre|passez outre|écarte|écartez`,
  fillers: src`les|la|le|l'|des|de|du|d'|ces|qui|que|t'|vous|ont|été|a|données|donnés|reçues|et|ou|à|aux`,
  qualifiers: src`toutes|tous|précédentes|precedentes|précédents|antérieures|anterieures|ci-dessus|plus haut|du système|du systeme|système|systeme|d'origine|initiales|originales|tes|vos|cachées|de sécurité`,
  objects: src`instructions|consignes|règles|regles|directives|ordres|instruction|prompt|messages|restrictions|contraintes|politiques`,
};
const IGNORE_DE: IgnoreWords = {
  verbs: src`ignoriere|ignorier|ignorieren sie|ignoriert|vergiss|vergesst|vergessen sie|missachte|missachten sie|übergehe|übergehen sie|befolge nicht|befolgen sie nicht|beachte nicht|beachten sie nicht|verwirf|verwerfen sie`,
  fillers: src`die|der|den|dem|und|oder|du|hast|erhalten|bekommen|gegebenen|von|mir|dir|ihnen|zuvor`,
  qualifiers: src`alle|sämtliche|samtliche|vorherigen|vorherige|bisherigen|bisherige|obigen|obige|vorigen|früheren|fruheren|vorangegangenen|ursprünglichen|ursprunglichen|deine|ihre|eure|versteckten|system`,
  objects: src`anweisungen|anweisung|instruktionen|befehle|regeln|vorgaben|richtlinien|anordnungen|prompts?|systemanweisungen|systemprompts?|einschränkungen|einschrankungen`,
};
const IGNORE_PT: IgnoreWords = {
  verbs: src`ignore|ignora|ignorem|ignorar|esqueça|esqueca|esquece|esqueçam|esquecam|desconsidere|desconsidera|não (?:siga|sigas|obedeça|obedeca|considere)|nao (?:siga|sigas|obedeca|considere)|deixe de (?:seguir|lado)|descarte`,
  fillers: src`as|os|a|o|de|da|do|das|dos|que|te|lhe|você|voce|recebeu|foram|dadas|dados|e|ou|essas|estas`,
  qualifiers: src`todas|todos|anteriores|prévias|previas|acima|do sistema|originais|iniciais|suas|seus|tuas|teus|ocultas|de segurança|de seguranca`,
  objects: src`instruções|instrucoes|instrução|instrucao|orientações|orientacoes|regras|diretrizes|ordens|comandos|prompt|mensagens|restrições|restricoes|políticas|politicas`,
};
const IGNORE_IT: IgnoreWords = {
  verbs: src`ignora|ignorate|ignori|dimentica|dimenticate|dimentichi|non seguire|non seguite|trascura|tralascia|lascia perdere`,
  fillers: src`le|la|il|lo|i|gli|di|delle|dei|degli|che|ti|sono|state|date|ricevuto|hai|e|o`,
  qualifiers: src`tutte|tutti|precedenti|sopra|di sopra|del sistema|originali|iniziali|tue|tuoi|nascoste`,
  objects: src`istruzioni|istruzione|indicazioni|regole|direttive|ordini|comandi|prompt|messaggi|restrizioni`,
};
const IGNORE_NL: IgnoreWords = {
  verbs: src`negeer|negeert|vergeet|volg niet|volg je niet`,
  fillers: src`de|het|je|jouw|die|en|of|van|hebt|gekregen`,
  qualifiers: src`alle|vorige|eerdere|bovenstaande|voorgaande|oorspronkelijke|systeem`,
  objects: src`instructies|aanwijzingen|regels|opdrachten|prompt|richtlijnen`,
};
const IGNORE_RU: IgnoreWords = {
  verbs: src`игнорируй|игнорируйте|проигнорируй|проигнорируйте|забудь|забудьте|не обращай внимания на|не обращайте внимания на|не следуй|не следуйте|не выполняй|не выполняйте|отбрось|отбросьте|пренебреги|пренебрегите|отмени|отмените`,
  fillers: src`и|или|эти|те|которые|тебе|вам|дали|были|даны|до этого|ранее|полученные`,
  qualifiers: src`все|всё|предыдущие|предыдущих|прежние|прежних|предшествующие|вышеуказанные|вышеприведённые|вышеприведенные|вышеизложенные|системные|системных|исходные|изначальные|первоначальные|свои|твои|ваши|выше`,
  objects: src`инструкции|инструкций|указания|указаний|команды|команд|правила|правил|установки|ограничения|директивы|промпт|подсказки`,
};

// A new identity or standing order for the reader.
const YOU_ARE_NOW = [
  src`${B}(?:a partir de ahora|desde ahora|de ahora en adelante),? (?:tú |usted )?(?:eres|serás|seras|actúas como|actuas como|actuarás como|actuaras como|ignorarás|ignoraras|no tienes (?:restricciones|límites|limites)|debes (?:ignorar|obedecer|responder (?:solo|únicamente|unicamente)))${E}`,
  src`${B}(?:(?:à|a) partir de maintenant|désormais|dorénavant|dorenavant),? (?:tu es|vous êtes|vous etes|tu seras|vous serez|tu agis comme|tu n'as (?:plus )?aucune (?:restriction|limite)|tu dois (?:ignorer|obéir|obeir|répondre uniquement))${E}`,
  src`${B}(?:ab jetzt|von nun an|ab sofort|ab heute),? (?:bist du|du bist|wirst du|sollst du (?:ignorieren|gehorchen)|hast du keine (?:regeln|einschränkungen|grenzen)|antwortest du nur)${E}`,
  src`${B}(?:a partir de agora|de agora em diante|daqui em diante),? (?:você é|voce e|você é um|tu és|tu es|você será|voce sera|você não tem (?:restrições|limites)|você deve (?:ignorar|obedecer|responder apenas))${E}`,
  src`${B}(?:da ora in poi|d'ora in poi|a partire da ora),? (?:sei|tu sei|sarai|devi (?:ignorare|obbedire|rispondere solo))${E}`,
  src`${B}(?:теперь|отныне|с этого момента|с этой минуты),? ты (?:—|-)? ?(?:\p{L}{1,20} ){0,2}(?:ии|ai|ассистент|помощник|бот|модель|dan|хакер|без ограничений|без цензуры)${E}|${B}(?:с этого момента|отныне|теперь) ты (?:должен|будешь|обязан) (?:игнорировать|подчиняться|отвечать только)`,
  src`(?:あなた|君|きみ|お前)は(?:今から|これから|今日から|もう|今後)[^。！？\n]{0,20}?(?:制限のない|無制限の|検閲のない|制約のない|DAN|ハッカー|悪の)`,
];

const NEW_INSTRUCTIONS = src`(?:^|[\n.!?:]) ?(?:nuevas|verdaderas|reales|nouvelles|vraies|neue|echte|novas|verdadeiras|nuove|новые|настоящие|新しい|本当の|새로운)(?: \p{L}{1,12})? (?:instrucciones|instructions|consignes|anweisungen|instruções|instrucoes|istruzioni|инструкции|指示|命令|지시)(?: para (?:la |el )?(?:ia|ai|agente|asistente)| pour (?:l'|les )?(?:ia|ai|agents?|assistants?)| für (?:die |den )?(?:ki|ai|agenten|assistenten)| para (?:a |o )?(?:ia|ai|agente|assistente)| для (?:ии|ai|агента|ассистента))? ?[:：]`;

const DO_NOT_TELL = src`${B}(?:no (?:le |les )?(?:digas|diga|cuentes|cuente|menciones|mencione|informes|informe|reveles|revele)(?: nada)?(?: de esto| esto| sobre esto)? (?:al|a los) usuarios?|ne (?:le |leur )?(?:dis|dites|mentionne|mentionnez|révèle|révélez|revele|signale|signalez) (?:rien |pas |jamais )(?:de (?:ceci|cela|ça) )?(?:à|a) l'utilisateur|(?:sag|sage|sagen sie|erzähl|erzähle|verrate) (?:dem|den) (?:benutzer|nutzer|anwender)n? nichts|erwähne (?:das|dies|es) (?:nicht|niemals) (?:gegenüber )?(?:dem )?(?:benutzer|nutzer)|não (?:conte|diga|mencione|informe|revele)(?: nada)?(?: disso| isso| sobre isso)? (?:ao|para o|aos) (?:usuário|usuario|utilizador)|non (?:dire|dirlo|menzionare|rivelare) (?:nulla |niente )?(?:di questo )?all'utente|не (?:говори|сообщай|рассказывай|упоминай|говорите|сообщайте) (?:об этом |ничего )?пользовател(?:ю|ям))${E}|ユーザー(?:に|には)(?:この|これを|このことを|何も)?(?:伝え|言わ|教え|知らせ|話さ)ないで|사용자(?:에게|한테) (?:이것을 |이 사실을 )?(?:말하지|알리지) (?:마|말)`;

const SYSTEM_PROMPT_INTL = src`${B}(?:muestra|muéstrame|muestrame|revela|imprime|repite|dime) (?:tu|el|tus) (?:prompt|mensaje|instrucciones) (?:del|de) sistema|(?:révèle|revele|affiche|montre|répète|repete|imprime)(?:-moi)? (?:ton|votre|le|tes|vos) (?:prompt|message|instructions?) (?:système|systeme|du système)|(?:zeige|zeig|verrate|gib|wiederhole)(?: mir)? (?:deinen|ihren|den) (?:systemprompt|system-prompt|systemanweisungen|system prompt)|(?:mostre|revele|imprima|repita)(?:-me)? (?:seu|o|suas|teu) (?:prompt|mensagem|instruções|instrucoes) do sistema|(?:покажи|раскрой|выведи|повтори|напечатай) (?:свой |свои |мне )?(?:системный промпт|системные инструкции|системное сообщение)${E}|システムプロンプト(?:を|の内容を)(?:表示|出力|教えて|見せて|全て|すべて)|시스템 프롬프트를 (?:보여|출력|알려)`;

// A request to send secrets somewhere: a verb, the reader's secrets, and where.
const SECRET_INTL = src`(?:claves?(?: de api)?|credenciales|tokens?|contraseñas|contrasenas|secretos|variables de entorno|llaves|clés|cles|identifiants|jetons?|mots de passe|secrets|variables d'environnement|api-schlüssel|api-schlussel|schlüssel|schlussel|zugangsdaten|passwörter|passworter|umgebungsvariablen|geheimnisse|chaves|credenciais|senhas|segredos|variáveis de ambiente|variaveis de ambiente|chiavi(?: api)?|credenziali|password|variabili d'ambiente|ключи|ключ api|токены|токен|пароли|учётные данные|учетные данные|секреты|переменные окружения)`;
const SEND_SECRETS_INTL = src`${B}(?:envía|envia|envíe|envie|manda|mande|sube|suba|publica|reenvía|envoie|envoyez|transmets|transmettez|poste|postez|téléverse|sende|schicke|schick|übermittle|ubermittle|lade|senden sie|schicken sie|envie|mande|encaminhe|publique|carregue|invia|manda|carica|отправь|отправьте|пришли|пришлите|загрузи|загрузите|перешли|перешлите|вышли)(?: (?:\p{L}{1,15}|l'|d'|a|à)){0,3}? ${SECRET_INTL}(?:[^.!?\n]{0,60}?)(?: (?:a|al|à|au|vers|sur|an|zu|nach|para|per|на|по адресу|в)) (?:https?://|[\w.+-]{1,64}@|(?:este|cette|ce|diesen|diese|este|esta|questo|этот) )`;
const SEND_SECRETS_JA = src`(?:APIキー|apiキー|トークン|認証情報|パスワード|秘密鍵|環境変数|シークレット)(?:を|の内容を)[^。！？\n]{0,30}?(?:送信|送って|送れ|アップロード|投稿|転送)`;

export const INTL_RULES: readonly ScreeningRule[] = [
  {
    id: "pi.ignore-instructions-es-fr-de-pt-it-nl-ru",
    kind: "prompt_injection",
    view: "normal",
    gates: [["ignor", "olvid", "descart", "omit", "desobede", "desatiend", "caso omiso", "no sig", "no obedez", "no hag", "no teng", "no tom", "pasa por alto", "deja de", "oubli", "ne tien", "ne ten", "abstraction", "ne sui", "laisse", "désobé", "passe outre", "passez outre", "écart", "vergiss", "vergesst", "vergessen", "missacht", "übergeh", "befolg", "beacht", "verwirf", "verwerf", "esqueç", "esquec", "desconsider", "não sig", "nao sig", "não obede", "nao obede", "não consider", "nao consider", "deixe de", "dimentic", "non segui", "trascur", "tralasci", "lascia perd", "negeer", "vergeet", "volg", "игнорир", "проигнорир", "забуд", "не обращ", "не следу", "не выполн", "отбрось", "пренебрег", "отмени"]],
    // A cheap test first, on words of these languages only (objects and qualifiers): English text,
    // most of what is screened, fails it and skips the long pattern.
    requires: /instrucc|instruç|instruco|istruz|indicaci|indicazion|órdenes|ordenes|reglas|règles|regles|regeln|regole|regras|directrices|directivas|direttive|diretrizes|consign|mensaj|mensag|messagg|pautas|polític|politiques|ordres|contraintes|anweis|instrukt|befehl|vorgab|richtlin|anordn|einschr|orienta[çc]|ordens|comandos|comandi|ordini|instructies|aanwijz|opdracht|richtlijn|précéd|preced|antérieur|anterieur|anterior|previas|previos|vorherig|bisherig|obige|vorig|früher|fruher|eerdere|voorgaande|bovenstaande|ci-dessus|инструкц|указан|команд|правил|установк|ограничен|директив|промпт|подсказк|предыдущ|прежн|вышеуказ/,
    pattern: g(ignoreOrder([IGNORE_ES, IGNORE_FR, IGNORE_DE, IGNORE_PT, IGNORE_IT, IGNORE_NL, IGNORE_RU]), "u"),
    guards: ["discussion"],
  },
  {
    // The same order in more languages, in its usual shapes: verb, "all", "previous", "instructions".
    id: "pi.ignore-instructions-more-languages",
    kind: "prompt_injection",
    view: "normal",
    gates: [["zignoruj", "ignoruj", "zapomnij", "pomiń", "yok say", "görmezden", "unut", "dikkate alma", "bỏ qua", "phớt lờ", "quên", "lờ đi", "abaikan", "lupakan", "hiraukan", "acuhkan", "تجاهل", "انس", "अनदेखा", "नज़रअंदाज़", "नजरअंदाज", "भूल", "ігноруй", "забудь", "ignorera", "glöm", "ignorer", "glem", "αγνόησε", "ξέχασε", "התעלם", "שכח"]],
    pattern: g(
      [
        src`${B}(?:zignoruj|zignorujcie|ignoruj|zapomnij|pomiń)(?: (?:wszystkie|wszelkie|twoje|swoje))? (?:poprzednie|wcześniejsze|dotychczasowe|powyższe|systemowe) (?:instrukcje|polecenia|zasady|wytyczne|reguły)${E}`,
        src`${B}(?:önceki|yukarıdaki|eski|sistem)(?: (?:tüm|bütün))? (?:talimatları|talimatlari|komutları|kuralları|yönergeleri|talimatlar)(?:ı|i)? (?:yok say|görmezden gel|unut|dikkate alma)`,
        src`${B}(?:bỏ qua|phớt lờ|quên|lờ đi)(?: (?:mọi|tất cả|các|toàn bộ))? ?(?:hướng dẫn|chỉ dẫn|chỉ thị|quy tắc|lệnh)(?: (?:trước đó|trước|ở trên|cũ|hệ thống))`,
        src`${B}(?:abaikan|lupakan|hiraukan|acuhkan)(?: (?:semua|seluruh|segala))? (?:instruksi|perintah|aturan|arahan|petunjuk)(?: (?:sebelumnya|di atas|terdahulu|lama|sistem))`,
        src`(?:تجاهل|تجاهلي|انس|انسَ|اِنسَ)(?: (?:جميع|كل))? (?:التعليمات|الأوامر|التوجيهات|القواعد) (?:السابقة|أعلاه|الماضية)`,
        src`(?:पिछले|पूर्व|ऊपर के|पहले के)(?: सभी)? (?:निर्देशों|निर्देश|आदेशों|नियमों)(?: को)? (?:अनदेखा|नज़रअंदाज़|नजरअंदाज|भूल)`,
        src`${B}(?:ігноруй|ігноруйте|забудь|забудьте)(?: (?:всі|усі))? (?:попередні|попередніх) (?:інструкції|вказівки|команди|правила)`,
        src`${B}(?:ignorera|glöm|ignorer|glem)(?: (?:alla|alle))? (?:tidigare|föregående|forrige|tidligere|ovanstående|ovenstående) (?:instruktioner|instruksjoner|instruktionerne|instrukser|regler|reglerne|anvisningar)${E}`,
        src`(?:αγνόησε|αγνοήστε|ξέχασε|ξεχάστε)(?: (?:όλες|ολες))?(?: τις)? (?:προηγούμενες|παραπάνω) (?:οδηγίες|εντολές|κανόνες)`,
        src`(?:התעלם|התעלמי|שכח|שכחי) (?:מכל |מ)?(?:ההוראות|ההנחיות|הכללים) (?:הקודמות|הקודמים)`,
      ].join("|"),
      "u",
    ),
    guards: ["discussion"],
  },
  {
    id: "pi.forget-everything-intl",
    kind: "prompt_injection",
    view: "normal",
    gates: [["todo lo", "tout ce qui", "alles", "tudo", "tutto", "забуд", "これまで", "今まで"]],
    pattern: g(
      src`${B}(?:olvida|olvide|ignora) todo lo (?:anterior|que (?:te )?(?:dije|dijeron|han dicho))|(?:ignore|ignorez|oublie|oubliez) tout ce qui (?:précède|precede|a été dit|t'a été dit)|vergiss (?:einfach )?alles,? (?:was|bisherige|vorherige|obige|davor)|(?:esqueça|esqueca|ignore) tudo (?:o que|que) (?:foi dito|te disseram|eu disse)|dimentica tutto (?:quello che|ciò che)|забудь(?:те)? (?:всё|все),? что (?:тебе |вам )?(?:говорили|сказали|было сказано)${E}|(?:これまで|今まで)の(?:こと|内容)は(?:すべて|全て)?忘れ`,
      "u",
    ),
    guards: ["discussion"],
  },
  {
    id: "pi.ignore-instructions-ja-ko",
    kind: "prompt_injection",
    view: "normal",
    gates: [["の", "이전", "앞의", "위의", "기존", "모든", "시스템"]],
    pattern: g(
      src`(?:以前|前|上記|上|これまで|先|先ほど|今まで|既存|元|最初|システム|開発者)の(?:すべての|全ての|全部の|あらゆる)?(?:指示|命令|プロンプト|ルール|指令|設定|制約|ガイドライン)(?:は|を|も)?(?:すべて|全て|全部)?(?:無視|忘れ|破棄)|(?:すべての|全ての)(?:指示|命令|ルール)を(?:無視|忘れ)|(?:이전|이전의|앞의|위의|기존|모든|시스템)(?: ?의)? ?(?:지시|지침|명령|규칙|프롬프트|설정)(?:사항)?(?:을|를|은|는)? ?(?:모두 ?)?(?:무시|잊어)`,
      "u",
    ),
    guards: ["discussion"],
  },
  {
    id: "pi.you-are-now-intl",
    kind: "prompt_injection",
    view: "normal",
    gates: [["partir", "ahora", "adelante", "maintenant", "désormais", "dorénavant", "dorenavant", "jetzt", "nun an", "sofort", "heute", "agora", "diante", "ora in poi", "теперь", "отныне", "момента", "минуты", "あなた", "君", "きみ", "お前"]],
    requires: /partir|ahora|adelante|maintenant|désormais|dorénavant|dorenavant|jetzt|nun an|sofort|heute|agora|diante|ora in poi|теперь|отныне|момента|минуты|あなた|君|きみ|お前/,
    pattern: g(YOU_ARE_NOW.join("|"), "u"),
    guards: ["discussion"],
  },
  { id: "pi.new-instructions-intl", kind: "prompt_injection", view: "normal", gates: [["nuevas", "verdaderas", "reales", "nouvelles", "vraies", "neue", "echte", "novas", "verdadeiras", "nuove", "новые", "настоящие", "新しい", "本当の", "새로운"]], pattern: g(NEW_INSTRUCTIONS, "u"), guards: ["discussion"] },
  { id: "pi.do-not-tell-intl", kind: "prompt_injection", view: "normal", gates: [["no ", "ne ", "sag", "erzähl", "verrate", "erwähne", "não", "nao", "non ", "не ", "ユーザー", "사용자"]], pattern: g(DO_NOT_TELL, "u"), guards: ["discussion"] },
  {
    id: "ex.reveal-system-prompt-intl",
    kind: "exfiltration",
    view: "normal",
    gates: [["sistema", "système", "systeme", "system", "промпт", "инструкц", "сообщени", "システム", "시스템"]],
    requires: /sistema|système|systeme|system|промпт|инструкц|сообщени|システム|시스템/,
    pattern: g(SYSTEM_PROMPT_INTL, "u"),
    guards: ["discussion"],
  },
  {
    id: "ex.send-secrets-intl",
    kind: "exfiltration",
    view: "normal",
    gates: [["envía", "envia", "envíe", "envie", "manda", "mande", "sube", "suba", "publica", "reenvía", "envoie", "envoyez", "transmet", "poste", "téléverse", "sende", "schick", "übermittle", "ubermittle", "lade", "encaminhe", "publique", "carregue", "invia", "carica", "отправ", "пришли", "загрузи", "перешли", "вышли", "送", "アップロード", "投稿", "転送"]],
    requires: /clave|credencial|token|contrase|secret|variab|llave|clé|cles|identifiant|jeton|mots de passe|schlüssel|schlussel|zugangsdaten|passw|umgebungsvar|geheimn|chave|senha|segredo|chiav|credenzial|password|ключ|токен|парол|учётн|учетн|секрет|переменн|キー|トークン|認証|パスワード|秘密鍵|環境変数|シークレット/,
    pattern: g(`${SEND_SECRETS_INTL}|${SEND_SECRETS_JA}`, "u"),
    guards: ["discussion"],
  },
];
