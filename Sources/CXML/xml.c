#include "CXML.h"
#include "CFirstUse.h"

#include <libxml/parser.h>
#include <libxml/SAX2.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The soname of the libxml2 these headers describe (2.14 renamed it when its ABI changed).
#if LIBXML_VERSION >= 21400
#define XML_SONAME "libxml2.so.16"
#else
#define XML_SONAME "libxml2.so.2"
#endif

#define XML_FUNCTIONS(X) X(xmlCreatePushParserCtxt) X(xmlCtxtUseOptions) X(xmlParseChunk) X(xmlFreeParserCtxt) \
    X(xmlStopParser) X(xmlSAX2GetLineNumber)
static struct { XML_FUNCTIONS(PS_FIRST_USE_POINTER) } x;
static int loaded = 0;
static char load_error[200] = "";
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    static const char *const names[] = { XML_FUNCTIONS(PS_FIRST_USE_NAME) };
    loaded = ps_open_library(XML_SONAME, "libxml2", names, (void **)&x, (int)(sizeof names / sizeof *names), load_error, sizeof load_error);
}

// XMLParser feeds its data in chunks of this size, then says it has ended.
#define CHUNK (4096 * 32)

typedef struct {
    const ps_xml_handler *handler;
    xmlParserCtxtPtr parser;
    int errors;
    int stopped;
} state;

static void on_start(void *ctx, const xmlChar *localname, const xmlChar *prefix, const xmlChar *uri, int nb_namespaces,
                     const xmlChar **namespaces, int nb_attributes, int nb_defaulted, const xmlChar **attributes) {
    (void)uri; (void)nb_defaulted;
    state *s = ctx;
    if (s->stopped) return;
    int room = nb_namespaces + nb_attributes;
    const char **prefixes = malloc(sizeof(char *) * (size_t)(room > 0 ? room : 1));
    const char **locals = malloc(sizeof(char *) * (size_t)(room > 0 ? room : 1));
    const char **values = malloc(sizeof(char *) * (size_t)(room > 0 ? room : 1));
    int *lengths = malloc(sizeof(int) * (size_t)(room > 0 ? room : 1));
    if (!prefixes || !locals || !values || !lengths) {
        free(prefixes); free(locals); free(values); free(lengths);
        s->errors++;
        s->stopped = 1;
        x.xmlStopParser(s->parser);
        return;
    }
    int count = 0;
    // Namespace declarations are attributes to XMLParser (namespaces are not processed), before the others.
    for (int i = 0; i < nb_namespaces; i++) {
        const xmlChar *ns_prefix = namespaces[2 * i], *ns_uri = namespaces[2 * i + 1];
        prefixes[count] = ns_prefix ? "xmlns" : NULL;
        locals[count] = ns_prefix ? (const char *)ns_prefix : "xmlns";
        values[count] = ns_uri ? (const char *)ns_uri : "";
        lengths[count] = ns_uri ? (int)strlen((const char *)ns_uri) : 0;
        count++;
    }
    for (int i = 0; i < nb_attributes; i++) {
        const xmlChar *const *a = attributes + i * 5;  // local name, prefix, URI, value, end of value
        if (!a[0]) continue;
        prefixes[count] = (const char *)a[1];
        locals[count] = (const char *)a[0];
        values[count] = (const char *)a[3];
        lengths[count] = a[3] && a[4] && a[4] > a[3] ? (int)(a[4] - a[3]) : 0;
        count++;
    }
    int line = x.xmlSAX2GetLineNumber(s->parser);
    int stop = s->handler->start(s->handler->context, (const char *)prefix, (const char *)localname, count, prefixes, locals, values, lengths, line);
    free(prefixes); free(locals); free(values); free(lengths);
    if (stop) {
        s->stopped = 1;
        x.xmlStopParser(s->parser);
    }
}

static void on_end(void *ctx, const xmlChar *localname, const xmlChar *prefix, const xmlChar *uri) {
    (void)uri;
    state *s = ctx;
    if (s->stopped) return;
    s->handler->end(s->handler->context, (const char *)prefix, (const char *)localname);
}

static void on_error(void *ctx, xmlErrorPtr error) {
    (void)error;
    ((state *)ctx)->errors++;
}

int ps_xml_parse(const uint8_t *data, size_t size, const ps_xml_handler *handler, ps_xml_outcome *outcome) {
    memset(outcome, 0, sizeof *outcome);
    pthread_once(&once, load);
    if (!loaded) {
        snprintf(outcome->message, sizeof outcome->message, "%s", load_error);
        outcome->result = -2;
        return -2;
    }
    if (size < 4) { outcome->result = -1; return 0; }
    xmlSAXHandler sax;
    memset(&sax, 0, sizeof sax);
    sax.initialized = XML_SAX2_MAGIC;
    sax.startElementNs = on_start;
    sax.endElementNs = on_end;
    sax.serror = on_error;
    state s = { handler, NULL, 0, 0 };
    // The first four bytes decide the encoding, as XMLParser's push context is made with them.
    s.parser = x.xmlCreatePushParserCtxt(&sax, &s, (const char *)data, 4, NULL);
    if (!s.parser) { outcome->result = -1; return 0; }
    // XMLParser's options (recover, replace entities); no network, whatever a document names. No DTD is loaded
    // and no entity declared in one is kept (no handler records it), so nothing outside the bytes is read.
    x.xmlCtxtUseOptions(s.parser, XML_PARSE_RECOVER | XML_PARSE_NOENT | XML_PARSE_NONET);
    int result = 0;
    // The rest of the first chunk, then chunk by chunk, as XMLParser cuts its data.
    for (size_t at = 4, end = size < CHUNK ? size : CHUNK; at < size && result == 0; at = end, end = size - end < CHUNK ? size : end + CHUNK) {
        result = x.xmlParseChunk(s.parser, (const char *)data + at, (int)(end - at), 0);
    }
    // And the end of the data, which settles what a parser still held back (a tag cut off, an element unclosed).
    if (result == 0) result = x.xmlParseChunk(s.parser, NULL, 0, 1);
    outcome->result = result;
    outcome->errors = s.errors;
    outcome->line = x.xmlSAX2GetLineNumber(s.parser);
    x.xmlFreeParserCtxt(s.parser);
    return 0;
}
