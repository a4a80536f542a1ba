package io.albis.convert;

import java.math.BigInteger;
import java.util.Random;

/**
 * Random values for test data, extremes often: the limits of each type, zero, minus one, NaN and
 * infinities, strings of every UTF-8 length and script.
 */
public final class RandomValues {
    private static final String[] STRINGS = {"", "a", "ä", "日本語", "😀 emoji", "mixed ß∂ƒ 漢字 😀", "x".repeat(300), "tab\tnew\nline"};

    private RandomValues() {}

    public static String randomString(Random rnd) {
        if (rnd.nextInt(3) == 0) {
            return STRINGS[rnd.nextInt(STRINGS.length)];
        }
        StringBuilder sb = new StringBuilder();
        int len = rnd.nextInt(20);
        for (int k = 0; k < len; k++) {
            int cp;
            switch (rnd.nextInt(4)) {
                case 0 -> cp = 0x20 + rnd.nextInt(0x5f);
                case 1 -> cp = 0xa0 + rnd.nextInt(0x700);
                case 2 -> cp = 0x4e00 + rnd.nextInt(0x5000);
                default -> cp = 0x1f300 + rnd.nextInt(0x300);
            }
            sb.appendCodePoint(cp);
        }
        return sb.toString();
    }

    /** An unscaled decimal of at most {@code precision} digits, often an extreme. */
    public static BigInteger randomUnscaled(int precision, Random rnd) {
        BigInteger max = BigInteger.TEN.pow(precision).subtract(BigInteger.ONE);
        return switch (rnd.nextInt(8)) {
            case 0 -> max;
            case 1 -> max.negate();
            case 2 -> BigInteger.ZERO;
            case 3 -> BigInteger.valueOf(rnd.nextInt(3) - 1);
            default -> {
                BigInteger v = new BigInteger(max.bitLength() + 8, rnd).mod(max.add(BigInteger.ONE));
                yield rnd.nextBoolean() ? v.negate() : v;
            }
        };
    }

    public static int extremeInt(Random rnd) {
        return switch (rnd.nextInt(8)) {
            case 0 -> Integer.MIN_VALUE;
            case 1 -> Integer.MAX_VALUE;
            case 2 -> 0;
            case 3 -> -1;
            default -> rnd.nextInt();
        };
    }

    public static long extremeLong(Random rnd) {
        return switch (rnd.nextInt(8)) {
            case 0 -> Long.MIN_VALUE;
            case 1 -> Long.MAX_VALUE;
            case 2 -> 0;
            case 3 -> -1;
            default -> rnd.nextLong();
        };
    }

    public static float randomFloat(Random rnd) {
        float[] special = {Float.NaN, -0.0f, 0.0f, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.MIN_VALUE,
            Float.MAX_VALUE, -Float.MAX_VALUE, Float.MIN_NORMAL};
        return rnd.nextInt(3) == 0 ? special[rnd.nextInt(special.length)] : Float.intBitsToFloat(rnd.nextInt());
    }

    public static double randomDouble(Random rnd) {
        double[] special = {Double.NaN, -0.0, 0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MIN_VALUE,
            Double.MAX_VALUE, -Double.MAX_VALUE, Double.MIN_NORMAL};
        return rnd.nextInt(3) == 0 ? special[rnd.nextInt(special.length)] : Double.longBitsToDouble(rnd.nextLong());
    }
}
