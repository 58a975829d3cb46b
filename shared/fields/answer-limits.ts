/**
 * Upper bound of one record's answers as UTF-8 JSON; media travel separately as attachments. Its own module because
 * the expression language bounds computed text with it too, and must not import the answer rules (which import it).
 */
export const MAX_ANSWERS_BYTES = 256 * 1024;
