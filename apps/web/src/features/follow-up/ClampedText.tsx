import { useId, useLayoutEffect, useRef, useState } from 'react';

/** SPEC §9: the description shows 5 lines; the toggles appear only above 110 px of text. */
export const CLAMP_THRESHOLD_PX = 110;

export function ClampedText({ text }: { text: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  const [overflows, setOverflows] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const id = useId();

  // Measured before paint so the toggle never flickers; scrollHeight counts the clamped lines too.
  useLayoutEffect(() => {
    const height = ref.current?.scrollHeight ?? 0;
    setOverflows(height > CLAMP_THRESHOLD_PX);
  }, [text]);

  const clamped = overflows && !expanded;
  return (
    <div>
      <p
        id={id}
        ref={ref}
        className={`break-words whitespace-pre-wrap ${clamped ? 'line-clamp-5' : ''}`}
      >
        {text}
      </p>
      {overflows && (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={id}
          className="mt-1 font-semibold text-primary underline hover:no-underline"
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? 'Ver menos' : 'Ver más'}
        </button>
      )}
    </div>
  );
}
