// Swagger UI for /docs, served from the package (swagger-ui-bundle), reading this service's openapi.
window.addEventListener("DOMContentLoaded", function () {
  var el = document.getElementById("swagger-ui");
  if (!el || !window.SwaggerUIBundle) return;
  window.SwaggerUIBundle({ url: el.dataset.spec, dom_id: "#swagger-ui", deepLinking: true });
});
