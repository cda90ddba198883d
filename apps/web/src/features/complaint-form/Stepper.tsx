export const STEPS = ['Tipo de denuncia', 'Datos de denuncia'] as const;

/** The two steps of SPEC §2; the current one carries aria-current="step". */
export function Stepper({ current }: { current: number }) {
  return (
    <nav aria-label="Pasos para ingresar la denuncia" className="mb-6">
      <ol className="flex items-center gap-2 sm:gap-4">
        {STEPS.map((label, index) => {
          const state = index < current ? 'done' : index === current ? 'current' : 'next';
          return (
            <li
              key={label}
              aria-current={state === 'current' ? 'step' : undefined}
              className="flex flex-1 items-center gap-2 sm:gap-3"
            >
              <span
                aria-hidden="true"
                className={`flex h-9 w-9 shrink-0 items-center justify-center rounded-full border-2 font-bold ${
                  state === 'next'
                    ? 'border-gray-400 bg-white text-gray-600'
                    : 'border-primary bg-primary text-white'
                }`}
              >
                {state === 'done' ? '✓' : index + 1}
              </span>
              <span
                className={`text-sm sm:text-base ${state === 'current' ? 'font-bold text-secondary' : 'text-gray-700'}`}
              >
                <span className="sr-only">{`Paso ${index + 1}: `}</span>
                {label}
                {state === 'done' && <span className="sr-only"> (completado)</span>}
              </span>
              {index < STEPS.length - 1 && (
                <span aria-hidden="true" className="hidden h-0.5 flex-1 bg-gray-300 sm:block" />
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
