/** Placeholder until the screen lands (issue 3). */
export function HomeRoute() {
  return <h1 className="p-8 text-2xl font-bold">Canal de denuncias</h1>;
}
