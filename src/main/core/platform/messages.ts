import type { Language } from '../../../shared/ipc/channels/app';

/**
 * Every failure a cashier can see, keyed by code: the platform's codes of spec 7.1–7.4 (the three
 * message-only rows of 7.2 under names of our own), the client's own transport codes, and the
 * credential and print-queue codes of the core. Short, plain, and saying what to do next.
 */
export const MESSAGES = {
  // 7.1 token endpoint
  invalid_client: {
    en: 'The application credentials (client ID or secret) are wrong. Check them in Settings.',
    es: 'Las credenciales de la aplicación (client ID o secreto) son incorrectas. Revíselas en Configuración.',
  },
  invalid_grant: {
    en: 'The sign-in has expired or was revoked. Sign in again in Settings.',
    es: 'El inicio de sesión venció o fue revocado. Vuelva a iniciar sesión en Configuración.',
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
    en: 'The platform did not accept Counter’s access. Check the credentials in Settings.',
    es: 'La plataforma no aceptó el acceso de Counter. Revise las credenciales en Configuración.',
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
    en: 'The platform does not offer this operation at the configured address. Check the address in Settings.',
    es: 'La plataforma no ofrece esta operación en la dirección configurada. Revise la dirección en Configuración.',
  },
  http_error: {
    en: 'The platform refused the request.',
    es: 'La plataforma rechazó la solicitud.',
  },
  // Credentials
  not_configured: {
    en: 'Production credentials are not set. Enter the client ID and secret in Settings.',
    es: 'No hay credenciales de producción. Ingrese el client ID y el secreto en Configuración.',
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
  sign_in_required: {
    en: 'The signed-in account needs to sign in again. Open Settings and sign in.',
    es: 'La cuenta debe iniciar sesión de nuevo. Abra Configuración e inicie sesión.',
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
  print_unconfirmed: {
    en: 'Counter could not confirm this print within a day, so it was not resent. Print it again if needed.',
    es: 'Counter no pudo confirmar esta impresión en un día, así que no la reenvió. Imprímala de nuevo si hace falta.',
  },
  invalid_print: {
    en: 'The print is not valid.',
    es: 'La impresión no es válida.',
  },
  journal_unavailable: {
    en: 'Counter cannot write its print journal on disk. Check free space and permissions.',
    es: 'Counter no puede escribir su registro de impresiones en el disco. Revise el espacio libre y los permisos.',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type MessageCode = keyof typeof MESSAGES;

export function isMessageCode(code: string): code is MessageCode {
  return Object.hasOwn(MESSAGES, code);
}

/** The cashier's text for a code; an unknown code (a future platform code) gets the generic refusal. */
export function cashierMessage(code: string, language: Language = 'en'): string {
  return (isMessageCode(code) ? MESSAGES[code] : MESSAGES.http_error)[language];
}
