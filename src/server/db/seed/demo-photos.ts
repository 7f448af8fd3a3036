import sharp from 'sharp';

// Demo job photos drawn at seed time (no network, nothing checked in): simple illustrated scenes
// rendered from SVG, then stored through the same path as a real upload.
const W = 1200;
const H = 900;

function svg(defs: string, body: string): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${defs}</defs>${body}</svg>`,
  );
}

const gradient = (id: string, top: string, bottom: string) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`;

const house = (x: number, y: number, scale: number, wall: string, roof: string) => `
  <g transform="translate(${x} ${y}) scale(${scale})">
    <rect x="0" y="120" width="400" height="260" fill="${wall}"/>
    <polygon points="-30,130 200,-20 430,130" fill="${roof}"/>
    <rect x="160" y="240" width="80" height="140" rx="6" fill="#6b4a32"/>
    <rect x="40" y="190" width="90" height="80" rx="4" fill="#cfe8ff" stroke="#ffffff" stroke-width="8"/>
    <rect x="270" y="190" width="90" height="80" rx="4" fill="#cfe8ff" stroke="#ffffff" stroke-width="8"/>
  </g>`;

const SCENES = {
  kitchen: () =>
    svg(
      gradient('wall', '#f3efe6', '#e2dccd') + gradient('steel', '#d9dee3', '#9aa3ab'),
      `<rect width="${W}" height="${H}" fill="url(#wall)"/>
       <g fill="#ffffff" opacity="0.55">${Array.from({ length: 8 }, (_, i) => `<rect x="${60 + i * 140}" y="120" width="120" height="60" rx="6"/>`).join('')}</g>
       <rect x="0" y="560" width="${W}" height="340" fill="#7a5b3f"/>
       <rect x="0" y="540" width="${W}" height="40" fill="#3f3a36"/>
       <rect x="380" y="545" width="440" height="30" rx="10" fill="url(#steel)"/>
       <path d="M600 545 V330 q0 -60 60 -60 h90 q30 0 30 30 v30" stroke="url(#steel)" stroke-width="34" fill="none" stroke-linecap="round"/>
       <rect x="560" y="500" width="80" height="50" rx="10" fill="#a7b0b8"/>
       <rect x="660" y="470" width="80" height="18" rx="9" fill="#8c959d"/>
       <g fill="#4aa3df">${[400, 450, 500].map((y, i) => `<ellipse cx="${780 + i * 2}" cy="${y}" rx="10" ry="16"/>`).join('')}</g>`,
    ),
  bedroom: () =>
    svg(
      gradient('floor', '#c89b6d', '#a57a50'),
      `<rect width="${W}" height="${H}" fill="#eef1f4"/>
       <rect x="0" y="0" width="520" height="660" fill="#8fb9a8"/>
       <rect x="520" y="0" width="${W - 520}" height="660" fill="#f4e3c7"/>
       <rect x="0" y="660" width="${W}" height="240" fill="url(#floor)"/>
       <rect x="700" y="420" width="120" height="240" fill="#ffffff" opacity="0.7"/>
       <g transform="translate(180 560) rotate(-12)">
         <rect x="0" y="0" width="300" height="70" rx="12" fill="#ffffff" stroke="#5b6770" stroke-width="6"/>
         <rect x="0" y="-8" width="300" height="26" rx="10" fill="#8fb9a8"/>
         <rect x="130" y="70" width="40" height="150" fill="#5b6770"/>
       </g>
       <g transform="translate(860 640)"><rect width="180" height="120" rx="8" fill="#d0d5da"/><ellipse cx="90" cy="0" rx="90" ry="22" fill="#8fb9a8"/></g>`,
    ),
  garage: () =>
    svg(
      gradient('sky', '#9cc9f0', '#e3f1fb'),
      `<rect width="${W}" height="${H}" fill="url(#sky)"/>
       <rect x="0" y="700" width="${W}" height="200" fill="#8e949a"/>
       <rect x="140" y="200" width="920" height="500" fill="#e6e0d6"/>
       <polygon points="100,220 600,60 1100,220" fill="#5a6470"/>
       <rect x="260" y="330" width="560" height="370" fill="#f6f4f0"/>
       ${Array.from({ length: 6 }, (_, i) => `<line x1="260" x2="820" y1="${390 + i * 55}" y2="${390 + i * 55}" stroke="#d8d3ca" stroke-width="6"/>`).join('')}
       <rect x="900" y="400" width="90" height="140" rx="14" fill="#2f3b45"/>
       <circle cx="945" cy="450" r="18" fill="#47d16c"/>
       <path d="M945 540 q0 90 -80 120" stroke="#2f3b45" stroke-width="12" fill="none"/>`,
    ),
  backyard: () =>
    svg(
      gradient('sky', '#7fb8e8', '#d8ecfa') + gradient('grass', '#7cbf5a', '#4f8f38'),
      `<rect width="${W}" height="${H}" fill="url(#sky)"/>
       <circle cx="1000" cy="160" r="80" fill="#ffd866"/>
       <path d="M0 560 Q300 470 600 540 T1200 520 V900 H0 Z" fill="url(#grass)"/>
       ${[180, 420, 880].map((x, i) => `<g transform="translate(${x} ${430 + i * 15})"><rect x="-14" y="60" width="28" height="120" fill="#7a5233"/><circle r="${90 - i * 10}" cy="30" fill="#3f7f3a"/></g>`).join('')}
       ${Array.from({ length: 14 }, (_, i) => `<rect x="${40 + i * 84}" y="640" width="70" height="16" rx="4" fill="#9bd17a" opacity="0.6"/>`).join('')}`,
    ),
  roof: () =>
    svg(
      gradient('sky', '#8aa6bf', '#d6e2ec'),
      `<rect width="${W}" height="${H}" fill="url(#sky)"/>
       <g fill="#ffffff" opacity="0.8"><ellipse cx="250" cy="150" rx="140" ry="45"/><ellipse cx="900" cy="110" rx="180" ry="50"/></g>
       <rect x="0" y="760" width="${W}" height="140" fill="#6f9a57"/>
       ${house(360, 330, 1.2, '#f1e4cf', '#55585c')}
       <g fill="#8b8f94" transform="translate(560 320) rotate(-20)"><rect width="70" height="28"/><rect x="80" y="14" width="70" height="28"/></g>`,
    ),
  floor: () =>
    svg(
      '',
      `<rect width="${W}" height="${H}" fill="#b88a5a"/>
       ${Array.from({ length: 12 }, (_, row) =>
         Array.from({ length: 4 }, (_, col) => {
           const x = col * 360 - (row % 2) * 180;
           const shade = ['#c49563', '#b07f4f', '#d1a473', '#a9784a'][(row + col) % 4];
           return `<rect x="${x}" y="${row * 75}" width="356" height="71" fill="${shade}"/>`;
         }).join(''),
       ).join('')}
       <rect x="0" y="0" width="${W}" height="${H}" fill="#ffffff" opacity="0.05"/>`,
    ),
};

export type DemoScene = keyof typeof SCENES;

/** A PNG of the scene, as a phone would upload it. */
export function demoPhoto(scene: DemoScene): Promise<Buffer> {
  return sharp(SCENES[scene]()).png().toBuffer();
}
