/* The stylesheet of the sandbox's pages (/sandbox/assets/checkout.css): plain, readable, no script. */

export const CHECKOUT_CSS = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;font-size:1rem;line-height:1.5;color:#1a1a1a;background:#f4f5f7}
.test-banner{margin:0;padding:.5rem 1rem;background:#8a4b00;color:#fff;text-align:center}
main{max-width:32rem;margin:1.5rem auto;padding:1.5rem;background:#fff;border:1px solid #c4c8cf;border-radius:.5rem}
h1{font-size:1.5rem;margin-top:0}
h2{font-size:1.15rem}
table.lines{width:100%;border-collapse:collapse;margin-bottom:1rem}
table.lines caption{text-align:left;font-weight:600;padding-bottom:.25rem}
table.lines th,table.lines td{padding:.35rem 0;border-bottom:1px solid #d9dce1;text-align:left}
table.lines .amount{text-align:right}
table.lines tfoot th,table.lines tfoot td{font-weight:700;border-bottom:0}
.field{display:flex;flex-direction:column;gap:.25rem;margin:0 0 1rem}
label,.label{font-weight:600}
.hint{color:#4a4f57;font-size:.9rem}
input{font:inherit;padding:.6rem .7rem;min-height:2.75rem;border:1px solid #6b7079;border-radius:.35rem}
input:focus-visible,button:focus-visible,a:focus-visible,summary:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}
input[aria-invalid="true"]{border-color:#b00020;border-width:2px}
.error{color:#b00020}
.errors{border:2px solid #b00020;border-radius:.35rem;padding:.5rem .75rem;color:#1a1a1a;margin-bottom:1rem}
.errors p{margin:0}
button{font:inherit;font-weight:600;min-height:2.75rem;padding:.6rem 1.2rem;border:0;border-radius:.35rem;background:#0b57d0;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#b00020;border:2px solid #b00020}
.choices{display:flex;gap:1rem;flex-wrap:wrap}
.terms{margin:0 0 1rem}
.portal-list{list-style:none;padding:0}
.portal-list li{border-top:1px solid #d9dce1;padding:.5rem 0}
.portal-list p{margin:.25rem 0}
a{color:#0b57d0}
code{font-size:1rem}
@media (prefers-reduced-motion: reduce){*{transition:none!important;animation:none!important}}
`;
