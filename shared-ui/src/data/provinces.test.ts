import { ITALIAN_PROVINCES } from './provinces';

describe('ITALIAN_PROVINCES', () => {
  it('lists the 107 provinces with unique two-letter codes', () => {
    expect(ITALIAN_PROVINCES).toHaveLength(107);
    const codes = ITALIAN_PROVINCES.map((p) => p.id);
    expect(new Set(codes).size).toBe(107);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{2}$/);
  });
  it('names them', () => {
    const byCode = new Map(ITALIAN_PROVINCES.map((p) => [p.id, p.name]));
    expect(byCode.get('RM')).toBe('Roma');
    expect(byCode.get('MB')).toBe('Monza e della Brianza');
    expect(byCode.get('SU')).toBe('Sud Sardegna');
    expect(byCode.get('BT')).toBe('Barletta-Andria-Trani');
  });
});

describe('ITALIAN_PROVINCES order', () => {
  it('lists them alphabetically by name for the pickers', () => {
    const names = ITALIAN_PROVINCES.map((p) => p.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'it')));
  });
});
