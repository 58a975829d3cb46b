interface ListMatchesNoteProps {
  matches: number;
  shown: number;
  /** Said when nothing matches the search. */
  none: string;
  /** Said when more match than are drawn, so the user narrows the search. */
  showing: string;
}

/** Under a searchable list: nothing found, or how many of the matches are drawn; announced as the user types. */
export function ListMatchesNote({ matches, shown, none, showing }: ListMatchesNoteProps) {
  return (
    <p className="text-sm text-muted-foreground" aria-live="polite">
      {matches === 0 ? none : matches > shown ? showing : null}
    </p>
  );
}
