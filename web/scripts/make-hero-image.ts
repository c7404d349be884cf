/**
 * Draws the product preview of the public pages (web/public/img/dashboard.png and .webp) with Chromium:
 * an HTML mock of the dashboard, screenshotted to PNG, then re-encoded to WebP by the browser's canvas.
 * Run: npx tsx web/scripts/make-hero-image.ts
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const out = fileURLToPath(new URL("../public/img/", import.meta.url));
const eur = (n: number) => new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR" }).format(n);
const rows: [string, string, string, number, string, string][] = [
  ["FA-2026-0342", "Cabinet Lefèvre", "28/04/2026", 1860, "Réglée", "#2f9e44"],
  ["FA-2026-0341", "Atelier Dupont", "25/04/2026", 4315.2, "À échéance", "#1c7ed6"],
  ["FA-2026-0338", "Garage Moreau", "18/04/2026", 12650.5, "À échéance", "#1c7ed6"],
  ["FA-2026-0329", "Hôtel du Parc", "31/03/2026", 960, "En retard", "#e03131"],
  ["FA-2026-0327", "Boulangerie Martin", "27/03/2026", 2480, "Réglée", "#2f9e44"],
];
const bars = [42, 55, 48, 63, 58, 71, 66, 80, 74, 88, 83, 95];
const html = `<!doctype html><html lang="fr"><head><style>
*{box-sizing:border-box;margin:0}body{font:14px/1.4 "Inter","Segoe UI",system-ui,sans-serif;color:#1f2937;background:#f4f6fa;width:1200px;height:750px;display:flex}
nav{width:220px;background:#fff;border-right:1px solid #e5e7eb;padding:18px 14px}
.brand{display:flex;gap:10px;align-items:center;font-weight:700;font-size:17px;margin-bottom:22px}
.logo{width:28px;height:28px;border-radius:7px;background:#275398;color:#fff;display:grid;place-items:center;font-weight:800}
.item{padding:8px 10px;border-radius:6px;color:#4b5563;margin-bottom:2px}.item.on{background:#edf2fa;color:#275398;font-weight:600}
main{flex:1;padding:26px 30px}h1{font-size:22px;margin-bottom:4px}.sub{color:#6b7280;margin-bottom:20px}
.kpis{display:grid;grid-template-columns:repeat(4,1fr);gap:14px;margin-bottom:16px}
.card{background:#fff;border:1px solid #e5e7eb;border-radius:10px;padding:14px 16px}
.label{font-size:11px;text-transform:uppercase;letter-spacing:.05em;color:#6b7280;font-weight:600}
.value{font-size:22px;font-weight:650;margin-top:6px;font-variant-numeric:tabular-nums}.delta{font-size:12px;color:#2f9e44;margin-top:2px}
.grid{display:grid;grid-template-columns:1.7fr 1fr;gap:14px}
table{width:100%;border-collapse:collapse}th{font-size:11px;text-transform:uppercase;color:#6b7280;text-align:left;padding:8px 6px;border-bottom:1px solid #e5e7eb}
td{white-space:nowrap;font-size:13px;padding:9px 6px;border-bottom:1px solid #f0f1f4;font-variant-numeric:tabular-nums}td.r{text-align:right;font-weight:600}
.badge{font-size:11px;padding:2px 8px;border-radius:4px;font-weight:600}
.chart{display:flex;align-items:flex-end;gap:8px;height:190px;padding-top:10px}.bar{flex:1;background:linear-gradient(#4d78c2,#275398);border-radius:4px 4px 0 0}
.months{display:flex;gap:8px;font-size:10px;color:#9ca3af;margin-top:6px}.months span{flex:1;text-align:center}
</style></head><body>
<nav><div class="brand"><div class="logo">R</div>Registre</div>
${["Tableau de bord", "Ventes", "Achats", "Contacts", "Articles", "Banques", "Comptabilité", "Paramètres"].map((l, i) => `<div class="item${i === 0 ? " on" : ""}">${l}</div>`).join("")}</nav>
<main><h1>Tableau de bord</h1><div class="sub">Atelier Démo SARL · exercice 2026</div>
<div class="kpis">
<div class="card"><div class="label">Chiffre d’affaires HT</div><div class="value">${eur(184320.4)}</div><div class="delta">+12,4 % sur un an</div></div>
<div class="card"><div class="label">Factures à encaisser</div><div class="value">${eur(17925.7)}</div><div class="delta" style="color:#e03131">1 en retard</div></div>
<div class="card"><div class="label">Achats HT</div><div class="value">${eur(72418.15)}</div><div class="delta">−3,1 % sur un an</div></div>
<div class="card"><div class="label">Trésorerie</div><div class="value">${eur(48213.77)}</div><div class="delta">Rapprochée au 30/04</div></div>
</div>
<div class="grid"><div class="card"><div class="label" style="margin-bottom:6px">Dernières factures</div><table><thead><tr><th>N°</th><th>Client</th><th>Date</th><th>Statut</th><th style="text-align:right">Montant TTC</th></tr></thead><tbody>
${rows.map(([n, c, d, a, s, col]) => `<tr><td>${n}</td><td>${c}</td><td>${d}</td><td><span class="badge" style="background:${col}1a;color:${col}">${s}</span></td><td class="r">${eur(a)}</td></tr>`).join("")}
</tbody></table></div>
<div class="card"><div class="label">Chiffre d’affaires mensuel</div><div class="chart">${bars.map((b) => `<div class="bar" style="height:${b}%"></div>`).join("")}</div>
<div class="months">${["J", "F", "M", "A", "M", "J", "J", "A", "S", "O", "N", "D"].map((m) => `<span>${m}</span>`).join("")}</div></div></div>
</main></body></html>`;

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox"],
});
const page = await browser.newPage({ viewport: { width: 1200, height: 750 }, deviceScaleFactor: 1 });
await page.setContent(html);
const png = await page.screenshot({ type: "png" });
writeFileSync(`${out}dashboard.png`, png);
const webp = await page.evaluate(async (base64) => {
  const image = new Image();
  image.src = `data:image/png;base64,${base64}`;
  await image.decode();
  const canvas = document.createElement("canvas");
  canvas.width = image.naturalWidth;
  canvas.height = image.naturalHeight;
  canvas.getContext("2d")?.drawImage(image, 0, 0);
  return canvas.toDataURL("image/webp", 0.86).split(",")[1] ?? "";
}, png.toString("base64"));
writeFileSync(`${out}dashboard.webp`, Buffer.from(webp, "base64"));
await browser.close();
console.log(`png ${png.length} bytes, webp ${Buffer.from(webp, "base64").length} bytes`);
