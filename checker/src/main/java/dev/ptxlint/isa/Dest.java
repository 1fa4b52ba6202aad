package dev.ptxlint.isa;

/** The destination forms of an instruction form. */
public enum Dest {
    /**
     * {@code p} or {@code p|q}, either of which may be {@code _} ({@code setp} on scalar types).
     */
    PREDICATE_OR_PAIR,
    /**
     * The manual gives only {@code p|q} (the packed {@code setp.f16x2}/{@code .bf16x2}: one result per lane);
     * ptxas also accepts a single {@code p}, which drops the upper lane's result.
     */
    PREDICATE_PAIR,
    /**
     * The manual gives only {@code p} ({@code setp.f16}/{@code .bf16}); ptxas also accepts {@code p|_}, and
     * rejects any real second destination.
     */
    PREDICATE,
    /** A register of the first instruction type ({@code set}, {@code selp}, {@code slct}); no sink. */
    REGISTER
}
