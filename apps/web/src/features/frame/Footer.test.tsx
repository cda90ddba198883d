import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ORGANIZATIONS, organizationByKey } from '@canal/shared';
import { Footer } from './Footer';
import { renderWithBrand } from '../../test/frame';

const CLINIC_LINKS = [
  'Quiénes Somos',
  'La Red en cifras',
  'Nuestra red de Clínicas',
  'Gobierno corporativo',
  'Contacto',
];
const CORPORATE_COLUMNS = ['Nosotros', 'Te ayudamos', 'Conoce nuestros servicios'];

const footer = () => screen.getByRole('contentinfo');
const headings = () =>
  within(footer())
    .queryAllByRole('heading')
    .map((h) => h.textContent);

describe('Footer', () => {
  it.each(ORGANIZATIONS.filter((o) => o.footerKind === 'clinics').map((o) => [o.shortName, o]))(
    '%s: one column "Sitios de interés" with the five links',
    (_name, org) => {
      renderWithBrand(<Footer />, org);
      const column = screen.getByRole('heading', { name: 'Sitios de interés' }).parentElement!;
      expect(
        within(column)
          .getAllByRole('link')
          .map((l) => l.textContent),
      ).toEqual(CLINIC_LINKS);
      for (const title of CORPORATE_COLUMNS) expect(headings()).not.toContain(title);
      expect(headings()).not.toContain('Casa central');
    },
  );

  it('head office: the three corporate columns and "Casa central" with address, call center and rescue', () => {
    renderWithBrand(<Footer />, organizationByKey('head-office'));
    for (const title of CORPORATE_COLUMNS)
      expect(screen.getAllByRole('heading', { name: title }).length).toBeGreaterThan(0);
    expect(headings()).not.toContain('Sitios de interés');
    const central = screen.getByRole('heading', { name: 'Casa central' }).parentElement!;
    expect(central).toHaveTextContent(/Santiago/);
    expect(central).toHaveTextContent(/Call center: 600 000 2400/);
    expect(within(central).getByText(/Solicitar rescate/)).toHaveTextContent(
      'Solicitar rescate: *2000',
    );
  });

  it('corporate columns hold the links SPEC §2 lists', () => {
    renderWithBrand(<Footer />, organizationByKey('cem'));
    const links = within(footer())
      .getAllByRole('link')
      .map((l) => l.textContent);
    for (const label of [
      'Transparencia',
      'Sostenibilidad',
      'Gobierno corporativo',
      'Servicio al cliente',
      'Sedes',
      'Canal de denuncias',
      'Canales de atención',
      'Trabaja con nosotros',
      'Servicios transversales de Salud',
      'Servicios covid',
      'Administración de centros de salud',
    ]) {
      expect(links).toContain(label);
    }
  });

  it.each(
    ORGANIZATIONS.filter((o) => o.footerKind === 'corporate' && o.key !== 'head-office').map(
      (o) => [o.shortName, o],
    ),
  )('%s: three columns, no "Casa central"', (_name, org) => {
    renderWithBrand(<Footer />, org);
    for (const title of CORPORATE_COLUMNS) expect(headings()).toContain(title);
    expect(headings()).not.toContain('Casa central');
  });

  it('a corporate column toggles on click (small screens)', async () => {
    const user = userEvent.setup();
    renderWithBrand(<Footer />, organizationByKey('services'));
    const toggle = screen.getByRole('button', { name: 'Te ayudamos' });
    const list = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(list).toHaveClass('max-md:hidden');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(list).not.toHaveClass('max-md:hidden');
    await user.click(toggle);
    expect(list).toHaveClass('max-md:hidden');
  });

  it.each(ORGANIZATIONS.map((o) => [o.shortName, o]))(
    '%s: copyright with the current year, and each social network linked once',
    (_name, org) => {
      renderWithBrand(<Footer />, org);
      expect(
        screen.getByText(
          new RegExp(`© ${new Date().getFullYear()} .*Todos los derechos reservados`),
        ),
      ).toBeInTheDocument();
      if (org.isClinic) {
        // The clinic's contact table lists its networks; no second row of icons repeats them.
        expect(screen.queryByRole('list', { name: 'Redes sociales' })).not.toBeInTheDocument();
        expect(screen.getAllByRole('link', { name: 'Facebook' })).toHaveLength(1);
      } else {
        expect(
          within(screen.getByRole('list', { name: 'Redes sociales' })).getAllByRole('link'),
        ).toHaveLength(3);
      }
    },
  );

  it('a clinic shows its link tables: booking, results, portal, networks, location and phone', () => {
    renderWithBrand(<Footer />, organizationByKey('clinica-atacama'));
    const tables = screen.getByTestId('clinic-links');
    for (const label of [
      'Reserva de horas',
      'Resultados de exámenes',
      'Portal pacientes',
      'Facebook',
      'Instagram',
    ]) {
      expect(within(tables).getByRole('link', { name: label })).toBeInTheDocument();
    }
    expect(within(tables).getByRole('link', { name: /Copiapó/ })).toHaveAttribute(
      'href',
      expect.stringContaining('mapas.example'),
    );
    expect(within(tables).getByRole('link', { name: /^\+56/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^tel:\+56/),
    );
  });
});
