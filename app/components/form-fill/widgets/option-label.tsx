/**
 * An option's text, after its image when it has one (XLSForm's choices `image`, from the form's cached attachment).
 * The image carries the label as its text alternative, so the text beside it is hidden from screen readers: the
 * option is announced once. Lazy and at most a thumbnail's size: a list of a hundred pictured options stays light.
 */
export function OptionLabel({ label, image }: { label: string; image?: string | undefined }) {
  if (image === undefined) return <span className="break-words">{label}</span>;
  return (
    <>
      <img
        src={image}
        alt={label}
        loading="lazy"
        decoding="async"
        width={80}
        height={80}
        className="size-20 shrink-0 rounded object-contain"
      />
      <span className="break-words" aria-hidden>
        {label}
      </span>
    </>
  );
}
