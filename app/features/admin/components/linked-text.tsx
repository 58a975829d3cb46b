import { Fragment } from "react";

const LINK = /(https?:\/\/[^\s<>"']+)/g;

/**
 * Plain text with its http(s) links made clickable. React escapes every piece, and only http(s) addresses become
 * anchors, so a message's text can never inject markup or a javascript: link.
 */
export function LinkedText({ text }: { text: string }) {
  return (
    <>
      {text.split(LINK).map((part, index) =>
        index % 2 === 1 ? (
          <a
            key={index}
            href={part}
            target="_blank"
            rel="noopener noreferrer"
            className="break-all text-primary underline underline-offset-4"
          >
            {part}
          </a>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}
