/**
 * Languages a provider speaks (docs/contract.md §3.9): ISO 639-1 codes, plain values with no zod, so a search
 * card can name them cheaply. The codes are the standard's current 183 (withdrawn ones such as `iw` left out).
 */
export const ISO_639_1_CODES: ReadonlySet<string> = new Set(
  (
    'aa ab ae af ak am an ar as av ay az ba be bg bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz ee el ' +
    'en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik io is it ' +
    'iu ja jv ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt ' +
    'my na nb nd ne ng nl nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl ' +
    'sm sn so sq sr ss st su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo ' +
    'za zh zu'
  ).split(' '),
);

export const LANGUAGES_SPOKEN_MAX = 10;
export const DEFAULT_LANGUAGES_SPOKEN = ['en'];
/** The code the 'Se habla español' badge and search filter are about. */
export const SPANISH = 'es';

/** A well-formed code (two lowercase letters): `?language=` takes any such code, known or not. */
export const LANGUAGE_CODE_PATTERN = /^[a-z]{2}$/;

/** A language's name in the reader's language ('Spanish', 'español'), or the code when the runtime knows none. */
export function languageName(code: string, readerLanguage: string): string {
  try {
    return new Intl.DisplayNames([readerLanguage], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}
