// "<first name> + N more": when space runs out, the first name is shortened, never the
// "+ N more" that says how many lines the link has.
const MORE = / \+ \d+ more$/;

export function ProductName({ name, className }: { name: string; className?: string }) {
  const m = MORE.exec(name);
  const first = m ? name.slice(0, m.index) : name;
  return (
    <span className={`pname${className ? ` ${className}` : ''}`} title={name}>
      <span className="pname-first">{first}</span>
      {m ? <span className="pname-more">{m[0]}</span> : null}
    </span>
  );
}
