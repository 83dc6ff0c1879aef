/**
 * Characters a file name never needs and that can lie about it: C0 and C1
 * controls, and the bidirectional marks, embeddings, overrides and isolates
 * (U+200E/F, U+061C, U+202A–U+202E, U+2066–U+2069). A right-to-left override
 * shows "photo\u202Egpj.exe" as "photoexe.jpg".
 */
const HIDDEN_CHARACTERS =
  // eslint-disable-next-line no-control-regex -- control characters are what it removes
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g

/** An uploaded file's name as it may be stored and shown: without the characters above. */
export function plainFileName(name: string) {
  return name.replace(HIDDEN_CHARACTERS, '')
}
