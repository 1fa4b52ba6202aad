package dev.ptxlint.lsp;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.eclipse.lsp4j.jsonrpc.MessageConsumer;
import org.eclipse.lsp4j.jsonrpc.MessageIssueException;
import org.eclipse.lsp4j.jsonrpc.MessageIssueHandler;
import org.eclipse.lsp4j.jsonrpc.MessageProducer;
import org.eclipse.lsp4j.jsonrpc.json.JsonRpcMethod;
import org.eclipse.lsp4j.jsonrpc.json.MessageJsonHandler;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.eclipse.lsp4j.jsonrpc.messages.Message;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseError;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseMessage;

/**
 * The server's reader of JSON-RPC messages, in place of LSP4J's: frames come from a
 * {@link MessageFramer} (exactly Content-Length bytes each), and only a well-formed message
 * reaches LSP4J. Whatever a body holds, the next message is read from the right place, and each
 * request gets an answer:
 *
 * <ul>
 *   <li>a body that is not UTF-8 JSON: -32700 (parse error), id null;</li>
 *   <li>JSON that is not a message object (an array, a number, an object as id): -32600 (invalid
 *       request), id null;</li>
 *   <li>a request before {@code initialize}: -32002 (server not initialized); a notification then,
 *       or after {@code shutdown}, is dropped (except {@code exit});</li>
 *   <li>a request to a method that takes parameters, without them (or with null): -32602;</li>
 *   <li>a line or character above 2^31-1 (or negative) is clamped to the range, so an edit far
 *       past the end is applied at the end instead of being dropped;</li>
 *   <li>anything LSP4J still cannot read is answered by LSP4J's issue handler, or with -32602.</li>
 * </ul>
 */
final class MessageGate implements MessageProducer, Closeable {

    /** Deepest JSON nesting accepted (Gson's own limit is 255). */
    static final int MAX_DEPTH = 200;
    static final int SERVER_NOT_INITIALIZED = -32002;

    private final InputStream input;
    private final MessageFramer framer;
    private final MessageJsonHandler json;
    private final MessageIssueHandler issues;
    private final MessageConsumer out;
    private final Map<String, JsonRpcMethod> methods;
    private final Consumer<String> log;
    private volatile boolean closed;
    private boolean initializeSeen;
    private boolean shutdownSeen;

    MessageGate(InputStream input, long maxMessageBytes, MessageJsonHandler json, MessageIssueHandler issues,
            MessageConsumer out, Map<String, JsonRpcMethod> methods, Consumer<String> log) {
        this.input = input;
        this.framer = new MessageFramer(input, maxMessageBytes, log);
        this.json = json;
        this.issues = issues;
        this.out = out;
        this.methods = methods;
        this.log = log;
    }

    @Override
    public void listen(MessageConsumer consumer) {
        try {
            MessageFramer.Frame f;
            while (!closed && (f = framer.next()) != null) {
                try {
                    handle(f, consumer);
                } catch (RuntimeException | StackOverflowError e) {
                    // never let one message end the session
                    log.accept("message dropped: " + e);
                }
            }
        } catch (IOException e) {
            if (!closed) {
                log.accept("input failed: " + e.getMessage());
            }
        }
    }

    @Override
    public void close() {
        closed = true;
        try {
            input.close();
        } catch (IOException e) {
            // closing anyway
        }
    }

    /** What a first, streaming pass over a body found. */
    static final class Shape {
        String problem; // non-null: not a usable message (parse error or invalid request)
        int code;
        boolean hasId;
        Either<String, Number> id;
        String method;
        boolean hasParams; // present and not null
        boolean clamp; // a line or character out of range
    }

    private void handle(MessageFramer.Frame f, MessageConsumer consumer) {
        if (f.body() == null) {
            log.accept(f.problem());
            reply(null, ResponseErrorCode.InvalidRequest.getValue(), f.problem());
            return;
        }
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(f.body())).toString();
        } catch (CharacterCodingException e) {
            reply(null, ResponseErrorCode.ParseError.getValue(), "the message is not valid UTF-8");
            return;
        }
        Shape s = shape(text);
        if (s.problem != null) {
            if (s.code == ResponseErrorCode.ParseError.getValue()) {
                int at = MessageFramer.indexOfContentLength(f.body(), 1, f.body().length);
                if (at >= 0) {
                    // a Content-Length larger than the body swallowed the next message: read it again
                    log.accept("a message body holds a message header; reading from it again");
                    framer.pushBack(f.body(), at, f.body().length);
                }
            }
            log.accept("bad message: " + s.problem);
            reply(s.hasId ? s.id : null, s.code, s.problem);
            return;
        }
        boolean request = s.method != null && s.hasId;
        if (s.method != null) {
            String m = s.method;
            if (!initializeSeen && !m.equals("initialize") && !m.equals("exit")) {
                if (request) {
                    reply(s.id, SERVER_NOT_INITIALIZED, "the server is not initialized: send 'initialize' first");
                } else {
                    log.accept("notification '" + MessageFramer.excerpt(m) + "' before initialize dropped");
                }
                return;
            }
            if (shutdownSeen && !request && !m.equals("exit")) {
                log.accept("notification '" + MessageFramer.excerpt(m) + "' after shutdown dropped");
                return;
            }
            if (request && !s.hasParams) {
                JsonRpcMethod known = methods.get(m);
                if (known != null && known.getParameterTypes().length > 0) {
                    reply(s.id, ResponseErrorCode.InvalidParams.getValue(), "'" + MessageFramer.excerpt(m)
                            + "' needs params");
                    return;
                }
            }
        }
        if (s.clamp) {
            text = clamped(text);
        }
        Message message;
        try {
            message = json.parseMessage(text);
        } catch (MessageIssueException e) {
            if (s.method == null) {
                issues.handle(e.getRpcMessage(), e.getIssues()); // a response: LSP4J fails its pending request
                return;
            }
            // answered here in one line, where LSP4J's issue handler would log a stack trace
            String why = e.getIssues().isEmpty() ? "the message cannot be read" : e.getIssues().get(0).getText();
            Throwable cause = e.getIssues().isEmpty() ? null : e.getIssues().get(0).getCause();
            if (cause != null && cause.getMessage() != null) {
                why += ": " + MessageFramer.excerpt(cause.getMessage().lines().findFirst().orElse(""));
            }
            log.accept("unreadable " + (request ? "request" : "notification")
                    + (s.method != null ? " '" + MessageFramer.excerpt(s.method) + "'" : "") + ": " + why);
            if (request) {
                reply(s.id, ResponseErrorCode.InvalidParams.getValue(), why);
            }
            return;
        } catch (RuntimeException | StackOverflowError e) {
            log.accept("unreadable message" + (s.method != null ? " '" + MessageFramer.excerpt(s.method) + "'" : "")
                    + ": " + e);
            if (request) {
                reply(s.id, ResponseErrorCode.InvalidParams.getValue(), "the params cannot be read: "
                        + MessageFramer.excerpt(String.valueOf(e.getMessage())));
            }
            return;
        }
        if (request && "initialize".equals(s.method)) {
            initializeSeen = true;
        } else if (request && "shutdown".equals(s.method)) {
            shutdownSeen = true;
        }
        consumer.consume(message);
    }

    /** Validates the structure of a message in one streaming pass, without building a tree. */
    static Shape shape(String text) {
        Shape s = new Shape();
        try (JsonReader r = new JsonReader(new StringReader(text))) {
            if (r.peek() != JsonToken.BEGIN_OBJECT) {
                skipAll(r, s);
                return invalid(s, "a message must be a JSON object, not " + kind(text));
            }
            r.beginObject();
            while (r.hasNext()) {
                String name = r.nextName();
                JsonToken t = r.peek();
                switch (name) {
                    case "id" -> {
                        s.hasId = true;
                        if (t == JsonToken.STRING) {
                            s.id = Either.forLeft(r.nextString());
                        } else if (t == JsonToken.NUMBER) {
                            String n = r.nextString();
                            try {
                                s.id = Either.forRight(Long.parseLong(n));
                            } catch (NumberFormatException e) {
                                s.hasId = false;
                                s.problem = "id must be an integer or a string";
                            }
                        } else if (t == JsonToken.NULL) {
                            r.nextNull();
                        } else {
                            s.hasId = false;
                            s.problem = "id must be an integer or a string, not " + t.name().toLowerCase(java.util.Locale.ROOT);
                            skipValue(r, s);
                        }
                    }
                    case "method" -> {
                        if (t == JsonToken.STRING) {
                            s.method = r.nextString();
                        } else {
                            s.problem = "method must be a string";
                            skipValue(r, s);
                        }
                    }
                    case "params" -> {
                        if (t == JsonToken.BEGIN_OBJECT || t == JsonToken.BEGIN_ARRAY) {
                            s.hasParams = true;
                        } else if (t != JsonToken.NULL) {
                            s.problem = "params must be an object or an array";
                        }
                        skipValue(r, s);
                    }
                    default -> skipValue(r, s);
                }
            }
            r.endObject();
            if (r.peek() != JsonToken.END_DOCUMENT) {
                return parseError(s, "text after the message");
            }
        } catch (IOException | RuntimeException | StackOverflowError e) {
            return parseError(s, "the message is not valid JSON" + (e.getMessage() != null ? ": "
                    + MessageFramer.excerpt(e.getMessage()) : ""));
        }
        if (s.problem != null) {
            return invalid(s, s.problem);
        }
        if (s.method == null && !s.hasId) {
            return invalid(s, "a message needs a method or an id");
        }
        return s;
    }

    private static Shape invalid(Shape s, String why) {
        s.problem = why;
        s.code = ResponseErrorCode.InvalidRequest.getValue();
        if (s.problem.startsWith("id ")) {
            s.hasId = false;
        }
        return s;
    }

    private static Shape parseError(Shape s, String why) {
        s.problem = why;
        s.code = ResponseErrorCode.ParseError.getValue();
        s.hasId = false;
        return s;
    }

    private static String kind(String text) {
        String t = text.strip();
        return t.startsWith("[") ? "an array (batches are not supported)" : "a " + (t.startsWith("\"") ? "string" : "value");
    }

    private static final Set<String> POSITION_FIELDS = Set.of("line", "character");

    private static void skipAll(JsonReader r, Shape s) throws IOException {
        skipValue(r, s);
        if (r.peek() != JsonToken.END_DOCUMENT) {
            throw new IOException("text after the value");
        }
    }

    /** Skips one value, iteratively, noting a line or character out of the LSP range. */
    private static void skipValue(JsonReader r, Shape s) throws IOException {
        int depth = 0;
        String name = null;
        do {
            JsonToken t = r.peek();
            switch (t) {
                case BEGIN_OBJECT -> {
                    if (++depth > MAX_DEPTH) {
                        throw new IOException("nested deeper than " + MAX_DEPTH);
                    }
                    r.beginObject();
                }
                case BEGIN_ARRAY -> {
                    if (++depth > MAX_DEPTH) {
                        throw new IOException("nested deeper than " + MAX_DEPTH);
                    }
                    r.beginArray();
                }
                case END_OBJECT -> {
                    depth--;
                    r.endObject();
                }
                case END_ARRAY -> {
                    depth--;
                    r.endArray();
                }
                case NAME -> {
                    name = r.nextName();
                    continue;
                }
                case NUMBER -> {
                    String n = r.nextString();
                    if (name != null && POSITION_FIELDS.contains(name) && !inIntRange(n)) {
                        s.clamp = true;
                    }
                }
                case END_DOCUMENT -> throw new IOException("unexpected end");
                default -> r.skipValue();
            }
            name = null;
        } while (depth > 0);
    }

    private static boolean inIntRange(String n) {
        try {
            long v = Long.parseLong(n);
            return v >= 0 && v <= Integer.MAX_VALUE;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** The message with every line and character clamped to [0, 2^31-1] (integral). */
    static String clamped(String text) {
        JsonElement root = JsonParser.parseString(text);
        java.util.ArrayDeque<JsonElement> todo = new java.util.ArrayDeque<>();
        todo.push(root);
        while (!todo.isEmpty()) {
            JsonElement e = todo.pop();
            if (e instanceof JsonObject o) {
                for (Map.Entry<String, JsonElement> en : o.entrySet()) {
                    JsonElement v = en.getValue();
                    if (POSITION_FIELDS.contains(en.getKey()) && v instanceof JsonPrimitive p && p.isNumber()) {
                        en.setValue(new JsonPrimitive(clamp(p.getAsString())));
                    } else {
                        todo.push(v);
                    }
                }
            } else if (e instanceof JsonArray a) {
                a.forEach(todo::push);
            }
        }
        return root.toString();
    }

    private static int clamp(String n) {
        try {
            java.math.BigDecimal d = new java.math.BigDecimal(n);
            if (d.signum() <= 0) {
                return 0;
            }
            return d.compareTo(java.math.BigDecimal.valueOf(Integer.MAX_VALUE)) >= 0 ? Integer.MAX_VALUE : d.intValue();
        } catch (NumberFormatException | ArithmeticException e) {
            return Integer.MAX_VALUE;
        }
    }

    private void reply(Either<String, Number> id, int code, String message) {
        ResponseMessage r = new ResponseMessage();
        r.setJsonrpc("2.0");
        r.setRawId(id);
        r.setError(new ResponseError(code, message, null));
        try {
            out.consume(r);
        } catch (RuntimeException e) {
            log.accept("cannot answer: " + e);
        }
    }
}
