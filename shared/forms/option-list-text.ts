/**
 * The options a text of several lists, as a multiple choice's default is written (`"option a option c"`, the labels
 * joined by spaces, as XLSForm joins option names). Labels may hold spaces themselves, so the words are read left to
 * right taking the longest run of them that is an option; a word that starts no option is skipped.
 */
export function optionsInText(text: string, options: readonly string[]): string[] {
  const known = new Set(options);
  const longest = options.reduce((most, option) => Math.max(most, option.split(" ").length), 0);
  const words = text.split(" ").filter((word) => word !== "");
  const chosen: string[] = [];
  for (let start = 0; start < words.length;) {
    let end = Math.min(words.length, start + longest);
    while (end > start && !known.has(words.slice(start, end).join(" "))) end -= 1;
    if (end === start) start += 1;
    else {
      chosen.push(words.slice(start, end).join(" "));
      start = end;
    }
  }
  return [...new Set(chosen)];
}
