import type { ReactNode } from 'react';

/** The centred card of the sign-in and activation pages, with the product's name above it. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main
      id="contenido"
      className="mx-auto flex min-h-screen max-w-md flex-col justify-center px-4 py-10"
    >
      <p className="mb-2 text-center text-sm font-semibold tracking-wide text-secondary uppercase">
        Canal de denuncias · Gestión de casos
      </p>
      <section
        aria-labelledby="auth-title"
        className="space-y-5 rounded-lg border border-gray-200 bg-white p-6 shadow-sm"
      >
        <h1 id="auth-title" className="text-2xl font-bold text-secondary">
          {title}
        </h1>
        {children}
      </section>
    </main>
  );
}
