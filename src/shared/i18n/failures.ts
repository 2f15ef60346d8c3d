import { SCREEN_NAMES } from './terms';
import { textOf, type Language, type TextParams, type TextTable } from './text';

/**
 * Every failure a cashier can see, keyed by the code main and the renderer answer with: the
 * platform's codes of spec 7.1–7.4 (the three message-only rows of 7.2 under names of our own), the
 * platform client's transport codes, the credential and print-queue codes of the core, the checkout's
 * and the templates' codes, and the renderer's own bridge codes. Short, plain, and saying what to do
 * next. `{settings}` is the Settings screen's name in the same language (terms.ts).
 */
export const FAILURES = {
  // 7.1 token endpoint
  invalid_client: {
    en: 'The application credentials (client ID or secret) are wrong. Check them in {settings}.',
    es: 'Las credenciales de la aplicación (client ID o secreto) son incorrectas. Revíselas en {settings}.',
  },
  invalid_grant: {
    en: 'The sign-in has expired or was revoked. Sign in again in {settings}.',
    es: 'El inicio de sesión venció o fue revocado. Vuelva a iniciar sesión en {settings}.',
  },
  invalid_scope: {
    en: 'The permissions requested are not valid. Contact support.',
    es: 'Los permisos solicitados no son válidos. Contacte a soporte.',
  },
  invalid_request: {
    en: 'The platform rejected the sign-in request. Contact support.',
    es: 'La plataforma rechazó la solicitud de inicio de sesión. Contacte a soporte.',
  },
  unsupported_grant_type: {
    en: 'This sign-in method is not allowed for the application. Contact support.',
    es: 'Este método de inicio de sesión no está permitido para la aplicación. Contacte a soporte.',
  },
  forbidden: {
    en: 'Access was not authorized. Sign in again with the account that owns the terminals.',
    es: 'El acceso no fue autorizado. Inicie sesión con la cuenta dueña de las terminales.',
  },
  unauthorized_client: {
    en: 'The application has no permission for this account. Sign in again and accept the permissions.',
    es: 'La aplicación no tiene permiso sobre esta cuenta. Inicie sesión de nuevo y acepte los permisos.',
  },
  local_rate_limited: {
    en: 'Too many requests to the platform. Counter will retry shortly.',
    es: 'Demasiadas solicitudes a la plataforma. Counter reintentará en breve.',
  },
  // 7.2 create terminal action
  empty_required_header: {
    en: 'The request was incomplete (missing idempotency key). Contact support.',
    es: 'La solicitud estaba incompleta (falta la clave de idempotencia). Contacte a soporte.',
  },
  required_properties: {
    en: 'The print is missing required data.',
    es: 'A la impresión le faltan datos obligatorios.',
  },
  unsupported_properties: {
    en: 'The print contains data the platform does not accept.',
    es: 'La impresión contiene datos que la plataforma no acepta.',
  },
  property_type: {
    en: 'The print contains data of the wrong type.',
    es: 'La impresión contiene datos de tipo incorrecto.',
  },
  property_value: {
    en: 'The print contains a value the platform does not accept. Check the content and the reference.',
    es: 'La impresión contiene un valor que la plataforma no acepta. Revise el contenido y la referencia.',
  },
  json_syntax_error: {
    en: 'The request was malformed. Contact support.',
    es: 'La solicitud tenía un formato incorrecto. Contacte a soporte.',
  },
  invalid_data_xml: {
    en: 'The invoice XML does not follow the tax document format. Check the invoice.',
    es: 'El XML de la factura no cumple el formato del documento tributario. Revise la factura.',
  },
  content_required: {
    en: 'There is nothing to print: the content is empty.',
    es: 'No hay nada para imprimir: el contenido está vacío.',
  },
  content_too_large: {
    en: 'The content is larger than 1 MB. Use a smaller image or shorter text.',
    es: 'El contenido supera 1 MB. Use una imagen más pequeña o un texto más corto.',
  },
  invalid_base64: {
    en: 'The image could not be read. Choose a PNG or JPEG image again.',
    es: 'No se pudo leer la imagen. Vuelva a elegir una imagen PNG o JPEG.',
  },
  unauthorized: {
    en: 'The platform did not accept Counter’s access. Check the credentials in {settings}.',
    es: 'La plataforma no aceptó el acceso de Counter. Revise las credenciales en {settings}.',
  },
  forbidden_checking_terminal_owner: {
    en: 'This terminal does not belong to the signed-in account.',
    es: 'Esta terminal no pertenece a la cuenta con la que inició sesión.',
  },
  idempotency_key_already_used: {
    en: 'The platform saw this print before with different data. Print it again as a new print.',
    es: 'La plataforma ya recibió esta impresión con otros datos. Imprímala de nuevo como una impresión nueva.',
  },
  already_queued_order_for_terminal: {
    en: 'The terminal already has a print waiting. Counter will send this one when it is free.',
    es: 'La terminal ya tiene una impresión en espera. Counter enviará esta cuando se libere.',
  },
  idempotency_validation_failed: {
    en: 'The platform had a temporary problem. Counter will retry.',
    es: 'La plataforma tuvo un problema temporal. Counter reintentará.',
  },
  internal_error: {
    en: 'The platform had a temporary problem. Counter will retry.',
    es: 'La plataforma tuvo un problema temporal. Counter reintentará.',
  },
  // 7.3 cancel / 7.4 get terminal action
  invalid_path_param: {
    en: 'The print’s platform id is not valid.',
    es: 'El identificador de la impresión en la plataforma no es válido.',
  },
  order_not_found: {
    en: 'The platform does not know this print.',
    es: 'La plataforma no conoce esta impresión.',
  },
  cannot_cancel_order: {
    en: 'The print is already on the terminal. Cancel it on the terminal itself.',
    es: 'La impresión ya está en la terminal. Cancélela en la propia terminal.',
  },
  // The client's own transport codes
  network_error: {
    en: 'Cannot reach the platform. Check the internet connection; Counter will retry.',
    es: 'No se puede conectar con la plataforma. Revise la conexión a internet; Counter reintentará.',
  },
  timeout: {
    en: 'The platform took too long to answer. Counter will retry.',
    es: 'La plataforma tardó demasiado en responder. Counter reintentará.',
  },
  rate_limited: {
    en: 'Too many requests to the platform. Counter will retry shortly.',
    es: 'Demasiadas solicitudes a la plataforma. Counter reintentará en breve.',
  },
  invalid_response: {
    en: 'The platform answered something Counter does not understand. Contact support.',
    es: 'La plataforma respondió algo que Counter no entiende. Contacte a soporte.',
  },
  not_found: {
    en: 'The platform does not offer this operation at the configured address. Check the address in {settings}.',
    es: 'La plataforma no ofrece esta operación en la dirección configurada. Revise la dirección en {settings}.',
  },
  http_error: {
    en: 'The platform refused the request.',
    es: 'La plataforma rechazó la solicitud.',
  },
  // Credentials
  not_configured: {
    en: 'Production credentials are not set. Enter the client ID and secret in {settings}.',
    es: 'No hay credenciales de producción. Ingrese el client ID y el secreto en {settings}.',
  },
  sign_in_cancelled: {
    en: 'The sign-in was cancelled.',
    es: 'Se canceló el inicio de sesión.',
  },
  sign_in_denied: {
    en: 'The sign-in was not authorized in the browser.',
    es: 'El inicio de sesión no fue autorizado en el navegador.',
  },
  sign_in_timeout: {
    en: 'The sign-in took too long. Try again.',
    es: 'El inicio de sesión tardó demasiado. Intente de nuevo.',
  },
  sign_in_failed: {
    en: 'The browser could not be opened for the sign-in.',
    es: 'No se pudo abrir el navegador para iniciar sesión.',
  },
  sign_in_port_busy: {
    en: 'Another program is using the redirect URI’s port. Close it, or register another port for the application and set it in {settings}.',
    es: 'Otro programa usa el puerto de la URI de redirección. Ciérrelo, o registre otro puerto para la aplicación e indíquelo en {settings}.',
  },
  sign_in_required: {
    en: 'The signed-in account needs to sign in again. Open {settings} and sign in.',
    es: 'La cuenta debe iniciar sesión de nuevo. Abra {settings} e inicie sesión.',
  },
  sandbox_unavailable: {
    en: 'The built-in sandbox is not answering. Restart Counter.',
    es: 'El sandbox integrado no responde. Reinicie Counter.',
  },
  // Print queue
  print_not_found: {
    en: 'This print is not in the history.',
    es: 'Esta impresión no está en el historial.',
  },
  print_already_final: {
    en: 'This print has already finished.',
    es: 'Esta impresión ya terminó.',
  },
  terminal_cannot_print: {
    en: 'This terminal is not in PDV mode, so it cannot print from Counter.',
    es: 'Esta terminal no está en modo PDV, por eso no puede imprimir desde Counter.',
  },
  terminal_failed: {
    en: 'The terminal could not print it (for example, it is out of paper). Check the terminal, then print it again.',
    es: 'La terminal no pudo imprimirla (por ejemplo, no tiene papel). Revise la terminal y vuelva a imprimirla.',
  },
  print_unconfirmed: {
    en: 'Counter could not confirm this print within a day, so it was not resent. Print it again if needed.',
    es: 'Counter no pudo confirmar esta impresión en un día, así que no la reenvió. Imprímala de nuevo si hace falta.',
  },
  print_given_up: {
    en: 'Given up: the platform did not have this print, so it will not print. Print it again if needed.',
    es: 'Abandonada: la plataforma no tenía esta impresión, así que no se imprimirá. Imprímala de nuevo si hace falta.',
  },
  print_not_set_aside: {
    en: 'This print is not waiting for your decision any more.',
    es: 'Esta impresión ya no espera su decisión.',
  },
  print_busy: {
    en: 'Counter is still working on this print. Wait a moment.',
    es: 'Counter todavía está procesando esta impresión. Espere un momento.',
  },
  // Charge on the terminal: the Orders API's refusals and Counter's own (docs/decisions.md "Charge on the terminal")
  cannot_refund_order: {
    en: 'This sale cannot be refunded: only an approved payment can.',
    es: 'Esta venta no se puede devolver: solo se puede devolver un pago aprobado.',
  },
  sale_not_cancelable: {
    en: 'The terminal already took this sale, so it cannot be cancelled from Counter. Cancel it on the terminal.',
    es: 'La terminal ya tomó esta venta, así que no se puede cancelar desde Counter. Cancélela en la terminal.',
  },
  sale_not_refundable: {
    en: 'Only an approved payment can be refunded.',
    es: 'Solo se puede devolver un pago aprobado.',
  },
  refund_amount_exceeds: {
    en: 'The refund is more than what is left of the payment.',
    es: 'La devolución supera lo que queda del pago.',
  },
  amount_too_large: {
    en: 'The total is larger than one payment may be (at most 999,999,999.99). Split the sale or check the quantities and prices.',
    es: 'El total supera lo que puede ser un pago (como máximo 999.999.999,99). Divida la venta o revise las cantidades y los precios.',
  },
  sale_not_unconfirmed: {
    en: 'This sale is no longer waiting for a decision: Counter knows what happened to it.',
    es: 'Esta venta ya no espera una decisión: Counter sabe qué pasó con ella.',
  },
  sale_busy: {
    en: 'Counter is still finishing a cancel or a refund of this sale. Wait a moment.',
    es: 'Counter todavía está terminando una cancelación o devolución de esta venta. Espere un momento.',
  },
  sales_unavailable: {
    en: 'Counter cannot open its sales history on disk right now. Check free space and permissions, then try again.',
    es: 'Counter no puede abrir ahora su historial de ventas en el disco. Revise el espacio libre y los permisos, e intente de nuevo.',
  },
  invalid_print: {
    en: 'The print is not valid.',
    es: 'La impresión no es válida.',
  },
  history_salvaged: {
    en: 'The history on disk was damaged. Counter set it aside ({copy}) and kept everything it could still read: {summary}.',
    es: 'El historial en el disco estaba dañado. Counter lo apartó ({copy}) y conservó todo lo que aún podía leer: {summary}.',
  },
  journal_migrated: {
    en: 'Counter moved its print history to its new format: {imported} prints. The old files are kept in {copy}.',
    es: 'Counter pasó su historial de impresiones al nuevo formato: {imported} impresiones. Los archivos anteriores se conservan en {copy}.',
  },
  settings_unreadable: {
    en: 'The settings file could not be read, so Counter started with its default settings and without the saved templates, drafts and recent sales. The file as it was has been kept.',
    es: 'No se pudo leer el archivo de ajustes, así que Counter empezó con los ajustes predeterminados y sin las plantillas, borradores y ventas recientes guardados. El archivo tal como estaba se ha conservado.',
  },
  settings_fields_reset: {
    en: 'Some settings were not valid and went back to their defaults: {fields}. Every other setting was kept.',
    es: 'Algunos ajustes no eran válidos y volvieron a sus valores predeterminados: {fields}. Todos los demás ajustes se conservaron.',
  },
  sandbox_port_moved: {
    en: 'The sandbox could not get its usual port {oldPort}, which another program is using, so it now listens at {baseUrl}. Payment links and QR codes of earlier sales still name port {oldPort} and will not open until that program is closed and Counter restarted.',
    es: 'El sandbox no pudo usar su puerto habitual {oldPort}, que otro programa está usando, así que ahora escucha en {baseUrl}. Los enlaces de pago y códigos QR de ventas anteriores siguen nombrando el puerto {oldPort} y no abrirán hasta que se cierre ese programa y se reinicie Counter.',
  },
  sandbox_state_unreadable: {
    en: 'The sandbox’s saved state could not be read, so it started empty: its terminals hold no earlier prints or payments. The file as it was has been kept.',
    es: 'No se pudo leer el estado guardado del sandbox, así que empezó vacío: sus terminales no tienen impresiones ni pagos anteriores. El archivo tal como estaba se ha conservado.',
  },
  closed_unexpectedly: {
    en: 'Counter {version} closed unexpectedly last time (it started at {startedAt}). Crash reports kept on this computer: {reports}. Help → Save diagnostics includes them for support.',
    es: 'Counter {version} se cerró de forma inesperada la última vez (se inició a las {startedAt}). Informes de fallo guardados en esta computadora: {reports}. Ayuda → Guardar diagnóstico los incluye para soporte.',
  },
  start_failed_last_time: {
    en: 'Counter {version} did not finish starting last time. Crash reports kept on this computer: {reports}. Help → Save diagnostics includes them for support.',
    es: 'Counter {version} no terminó de iniciarse la última vez. Informes de fallo guardados en esta computadora: {reports}. Ayuda → Guardar diagnóstico los incluye para soporte.',
  },
  journal_unavailable: {
    en: 'Counter cannot write its print journal on disk. Check free space and permissions.',
    es: 'Counter no puede escribir su registro de impresiones en el disco. Revise el espacio libre y los permisos.',
  },
  // Checkout (src/shared/ipc/channels/checkout.ts CheckoutErrorCode)
  sale_not_found: {
    en: 'That sale is not in this environment’s recent sales.',
    es: 'Esa venta no está entre las ventas recientes de este entorno.',
  },
  receiver_unavailable: {
    en: 'Counter cannot receive payment notifications right now, so it could not follow the sale. Restart Counter or choose another port for notifications.',
    es: 'Counter no puede recibir notificaciones de pago ahora, así que no podría seguir la venta. Reinicie Counter o elija otro puerto para las notificaciones.',
  },
  // Templates (src/shared/ipc/channels/templates.ts TemplateErrorCode)
  template_not_found: {
    en: 'That template no longer exists; save it as a new one.',
    es: 'Esa plantilla ya no existe; guárdela como una nueva.',
  },
  template_name_taken: {
    en: 'A template named “{name}” already exists.',
    es: 'Ya existe una plantilla llamada «{name}».',
  },
  too_many_templates: {
    en: 'Counter keeps at most {max} templates; delete one first.',
    es: 'Counter guarda como máximo {max} plantillas; elimine una primero.',
  },
  // The store database (src/main/core/store/, docs/store-database.md)
  store_disabled: {
    en: 'The store database is off on this counter. Turn it on in {settings}.',
    es: 'La base de datos de la tienda está desactivada en este mostrador. Actívela en {settings}.',
  },
  store_not_configured: {
    en: 'The store database’s address is missing. Enter it in {settings}.',
    es: 'Falta la dirección de la base de datos de la tienda. Ingrésela en {settings}.',
  },
  store_unreachable: {
    en: 'The store database does not answer. Counter keeps working and copies the changes once it answers.',
    es: 'La base de datos de la tienda no responde. Counter sigue funcionando y copia los cambios cuando responda.',
  },
  store_auth_failed: {
    en: 'The store database refused the user or password. Check them in {settings}.',
    es: 'La base de datos de la tienda rechazó el usuario o la contraseña. Revíselos en {settings}.',
  },
  store_database_missing: {
    en: 'The store database named in the address does not exist on that server. Ask the store’s IT.',
    es: 'La base de datos indicada en la dirección no existe en ese servidor. Consulte al soporte técnico de la tienda.',
  },
  store_tls_failed: {
    en: 'The secure connection to the store database failed (certificate or TLS options). Check the address’s sslmode and CA.',
    es: 'Falló la conexión segura con la base de datos de la tienda (certificado u opciones TLS). Revise sslmode y la CA de la dirección.',
  },
  store_schema_incompatible: {
    en: 'The store database needs a newer Counter. Update Counter on this computer; nothing is lost meanwhile.',
    es: 'La base de datos de la tienda necesita un Counter más nuevo. Actualice Counter en este equipo; mientras tanto no se pierde nada.',
  },
  store_error: {
    en: 'The store database refused a change. Counter will try again; if it keeps failing, tell the store’s IT.',
    es: 'La base de datos de la tienda rechazó un cambio. Counter lo intentará de nuevo; si sigue fallando, avise al soporte técnico de la tienda.',
  },
  store_url_invalid: {
    en: 'Counter cannot use this store database address: one of its options, or a file it names, cannot be read. Correct it in {settings}.',
    es: 'Counter no puede usar esta dirección de la base de datos de la tienda: una de sus opciones, o un archivo que nombra, no se puede leer. Corríjala en {settings}.',
  },
  store_password_missing: {
    en: 'The store database asks for a password and none is kept: enter the password again in {settings}.',
    es: 'La base de datos de la tienda pide una contraseña y no hay ninguna guardada: ingrese la contraseña de nuevo en {settings}.',
  },
  store_print_not_found: {
    en: 'The store has no such print from that counter.',
    es: 'La tienda no tiene esa impresión de ese mostrador.',
  },
  store_command_not_found: {
    en: 'That request is not in the store database.',
    es: 'Esa solicitud no está en la base de datos de la tienda.',
  },
  store_not_enrolled: {
    en: 'The store database does not let this counter’s user write as this counter. Ask the store’s IT to enrol it; nothing is lost meanwhile.',
    es: 'La base de datos de la tienda no permite que el usuario de este mostrador escriba como este mostrador. Pida al soporte técnico de la tienda que lo inscriba; mientras tanto no se pierde nada.',
  },
  store_schema_needs_owner: {
    en: 'The store database needs its owner to apply this Counter’s update. Ask the store’s IT; nothing is lost meanwhile.',
    es: 'La base de datos de la tienda necesita que su propietario aplique la actualización de este Counter. Consulte al soporte técnico de la tienda; mientras tanto no se pierde nada.',
  },
  // The renderer's bridge to main (src/renderer/src/api/bridge.ts)
  transport_error: {
    en: 'Counter is not reachable. Is it still running?',
    es: 'No se puede contactar a Counter. ¿Sigue abierto?',
  },
  transport_unexpected: {
    en: 'Counter answered something unexpected.',
    es: 'Counter respondió algo inesperado.',
  },
  no_bridge: {
    en: 'Counter is not connected.',
    es: 'Counter no está conectado.',
  },
} as const satisfies TextTable;

export type FailureCode = keyof typeof FAILURES;

export function isFailureCode(code: string): code is FailureCode {
  return Object.hasOwn(FAILURES, code);
}

/**
 * The cashier's text for a failure code in a language; an unknown code (a future platform code) gets
 * the generic refusal, never an empty line.
 */
export function failureText(code: string, language: Language, params: TextParams = {}): string {
  return textOf(FAILURES, isFailureCode(code) ? code : 'http_error', language, { settings: SCREEN_NAMES.settings[language], ...params });
}

/**
 * The IPC contract's own refusals (src/shared/ipc/define.ts ContractErrorCode), answered by the
 * dispatcher before any handler runs. A table of their own: `invalid_request` and `internal_error`
 * are also platform codes (spec 7.1, 7.2) with another meaning.
 */
export const CONTRACT_FAILURES = {
  forbidden_sender: {
    en: 'Calls from {page} are not accepted.',
    es: 'No se aceptan llamadas desde {page}.',
  },
  unknown_page: {
    en: 'an unknown page',
    es: 'una página desconocida',
  },
  unknown_channel: {
    en: 'There is no channel named {channel}.',
    es: 'No existe un canal llamado {channel}.',
  },
  invalid_request: {
    en: 'The request for {channel} is not valid.',
    es: 'La solicitud de {channel} no es válida.',
  },
  internal_error: {
    en: 'Something went wrong inside Counter. The action was not completed; try again.',
    es: 'Algo falló dentro de Counter. La acción no se completó; intente de nuevo.',
  },
} as const satisfies TextTable;
