/** The `<li><a>` rows of a list of outbound links; the `<ul>` around them is the caller's. */
export function LinkItems({
  links,
  className,
}: {
  links: readonly { label: string; url?: string }[];
  className?: string;
}) {
  return links.map((entry) => (
    <li key={entry.label}>
      <a href={entry.url} className={className}>
        {entry.label}
      </a>
    </li>
  ));
}
