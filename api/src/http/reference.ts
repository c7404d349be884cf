/**
 * A self-contained reference page for /api/openapi.json: no CDN, no external script, so it works
 * on a closed network too. It lists every operation with its parameters, body and answers. Its
 * script is a file of its own (`referenceScript`, at /api/reference.js), not inline: the
 * Content-Security-Policy runs scripts from Registre's files only (`http/security-headers.ts`).
 */
export const referencePage = (specUrl: string, scriptUrl: string): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Registre API reference</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1a1b1e;background:#f8f9fa}
header{background:#1c3d5a;color:#fff;padding:16px 32px}main{max-width:1000px;margin:0 auto;padding:24px}
section{background:#fff;border:1px solid #dee2e6;border-radius:8px;margin:12px 0;padding:12px 16px}
.m{display:inline-block;min-width:64px;font-weight:700;text-transform:uppercase;font-size:12px;padding:2px 8px;border-radius:4px;color:#fff;text-align:center}
.get{background:#2f9e44}.post{background:#1971c2}.put{background:#e8590c}.delete{background:#c92a2a}
code,pre{font-family:ui-monospace,monospace;font-size:13px}pre{background:#f1f3f5;padding:8px;border-radius:4px;overflow:auto}
h2{font-size:18px;margin-top:32px}</style></head>
<body><header><strong>Registre</strong> — API reference · <a style="color:#a5d8ff" href="${specUrl}">openapi.json</a></header>
<main id="root" data-spec="${specUrl}">Loading…</main>
<script src="${scriptUrl}"></script></body></html>`;

/** The reference page's script: reads the document its page names and writes the operations. */
export const referenceScript = `const root=document.getElementById('root');
fetch(root.dataset.spec).then(r=>r.json()).then(spec=>{
  root.textContent='';
  const el=(t,c,txt)=>{const e=document.createElement(t);if(c)e.className=c;if(txt!==undefined)e.textContent=txt;return e};
  const byTag={};
  for(const [path,ops] of Object.entries(spec.paths||{}))for(const [method,op] of Object.entries(ops)){
    const tag=(op.tags&&op.tags[0])||'Other';(byTag[tag]=byTag[tag]||[]).push({path,method,op});}
  for(const [tag,list] of Object.entries(byTag)){
    root.appendChild(el('h2','',tag));
    for(const {path,method,op} of list){
      const s=el('section');const h=el('div');h.appendChild(el('span','m '+method,method));
      h.appendChild(document.createTextNode(' '));h.appendChild(el('code','','/api'+path));
      if(op.operationId)h.appendChild(el('span','',' — '+op.operationId));s.appendChild(h);
      if(op.parameters&&op.parameters.length){s.appendChild(el('div','','Parameters: '+op.parameters.map(p=>p.name+' ('+p.in+')').join(', ')));}
      const body=op.requestBody&&op.requestBody.content&&op.requestBody.content['application/json'];
      if(body){s.appendChild(el('div','','Body:'));s.appendChild(el('pre','',JSON.stringify(body.schema,null,2)));}
      s.appendChild(el('div','','Answers: '+Object.entries(op.responses||{}).map(([k,v])=>k+' '+(v.description||'')).join(' · ')));
      root.appendChild(s);}}
  if(spec.components&&spec.components.schemas){root.appendChild(el('h2','','Schemas'));
    for(const [name,schema] of Object.entries(spec.components.schemas)){const s=el('section');s.appendChild(el('strong','',name));
      s.appendChild(el('pre','',JSON.stringify(schema,null,2)));root.appendChild(s);}}
});
`;
